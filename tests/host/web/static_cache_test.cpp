// The page's files for a browser that keeps them (docs/web.md, "URLs"; issue 41): an ETag and a
// Last-Modified, 304 for an If-None-Match that names the ETag, gzip when the browser takes it (and
// only then), "immutable" only for a fingerprinted name.
#include <catch2/catch.hpp>

#include <boost/beast/zlib/inflate_stream.hpp>
#include <boost/crc.hpp>

#include <filesystem>
#include <fstream>
#include <string>

#include "host/web/static_files.hpp"

using namespace cherries;
namespace fs = std::filesystem;

namespace {

std::string header(const web::StaticAnswer& a, const std::string& name) {
    for (const auto& [k, v] : a.headers)
        if (k == name) return v;
    return "";
}

// gzip's members back to bytes: the header, the raw deflate data, the CRC-32 and size checked.
std::string gunzip(const std::string& packed) {
    namespace zlib = boost::beast::zlib;
    REQUIRE(packed.size() > 18);
    REQUIRE(static_cast<unsigned char>(packed[0]) == 0x1f);
    REQUIRE(static_cast<unsigned char>(packed[1]) == 0x8b);
    REQUIRE(packed[2] == 8);
    zlib::inflate_stream inflate;
    inflate.reset(15);
    std::string out(1 << 20, '\0');
    zlib::z_params z;
    z.next_in = packed.data() + 10;
    z.avail_in = packed.size() - 18;
    z.next_out = out.data();
    z.avail_out = out.size();
    boost::system::error_code ec;
    inflate.write(z, zlib::Flush::finish, ec);
    CHECK((!ec || ec == zlib::error::end_of_stream));
    out.resize(z.total_out);
    auto word = [&](std::size_t at) {
        std::uint32_t w = 0;
        for (int i = 3; i >= 0; --i) w = (w << 8) | static_cast<unsigned char>(packed[at + static_cast<std::size_t>(i)]);
        return w;
    };
    boost::crc_32_type crc;
    crc.process_bytes(out.data(), out.size());
    CHECK(word(packed.size() - 8) == crc.checksum());
    CHECK(word(packed.size() - 4) == out.size());
    return out;
}

}  // namespace

TEST_CASE("static files: gzip round trip of the page's own style sheet and module") {
    for (const char* name : {"css/cherries.css", "js/table.js"}) {
        const fs::path file = fs::path(CHERRIES_SOURCE_DIR) / "web" / name;
        std::ifstream in(file, std::ios::binary);
        const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        REQUIRE(bytes.size() > 1000);
        const std::string packed = web::gzip(bytes);
        CHECK(packed.size() < bytes.size() / 2);
        CHECK(gunzip(packed) == bytes);
    }
    CHECK(gunzip(web::gzip("")) == "");
}

TEST_CASE("static files: ETag, Last-Modified, 304, gzip only when accepted, immutable only when fingerprinted") {
    const fs::path file = fs::path(CHERRIES_SOURCE_DIR) / "web/css/cherries.css";
    std::ifstream in(file, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());

    const web::StaticAnswer plain = web::static_answer(file, bytes, "", "", false);
    CHECK(plain.status == 200);
    CHECK(plain.body == bytes);
    const std::string etag = header(plain, "ETag");
    CHECK(etag.size() == 18);
    CHECK(etag.front() == '"');
    CHECK(header(plain, "Content-Encoding").empty());
    CHECK(header(plain, "Cache-Control") == "no-cache");
    CHECK(header(plain, "Vary") == "Accept-Encoding");
    CHECK(header(plain, "Last-Modified").find(" GMT") != std::string::npos);

    const web::StaticAnswer packed = web::static_answer(file, bytes, "", "br, gzip, deflate", false);
    CHECK(packed.status == 200);
    CHECK(header(packed, "Content-Encoding") == "gzip");
    CHECK(header(packed, "ETag") != etag);  // another representation, another tag
    CHECK(gunzip(packed.body) == bytes);
    CHECK(web::static_answer(file, bytes, "", "gzip;q=0, identity", false).body == bytes);

    // Asked again with the tag it had: 304 and no body; a changed file is sent whole.
    const web::StaticAnswer again = web::static_answer(file, bytes, "\"0000000000000000\", " + etag, "", false);
    CHECK(again.status == 304);
    CHECK(again.body.empty());
    CHECK(header(again, "ETag") == etag);
    CHECK(web::static_answer(file, bytes, "W/" + etag, "", false).status == 304);
    CHECK(web::static_answer(file, bytes, header(packed, "ETag"), "gzip", false).status == 304);
    CHECK(web::static_answer(file, bytes, etag, "gzip", false).status == 200);  // the plain form's tag does not name the gzip one
    CHECK(web::static_answer(file, bytes + " ", etag, "", false).status == 200);

    CHECK(header(web::static_answer(file, bytes, "", "", true), "Cache-Control") == "public, max-age=31536000, immutable");
    CHECK(web::fingerprinted("css/cherries.3f9a0c1d.css"));
    CHECK(web::fingerprinted("0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef/face.svg"));
    CHECK_FALSE(web::fingerprinted("css/cherries.css"));
    CHECK_FALSE(web::fingerprinted("js/table.js"));
}
