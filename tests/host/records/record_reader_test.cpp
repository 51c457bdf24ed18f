// host/records/record_reader.hpp: a record file read one record at a time.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "host/records/record_reader.hpp"
#include "host/base/input_error.hpp"
#include "tests/sdk/temp_plugin.hpp"

using namespace cherries;

namespace {

struct Read {
    std::vector<std::vector<std::string>> records;
    std::vector<std::size_t> first_lines;
};

Read read_all(const std::string& file) {
    host::RecordReader reader(file);
    Read out;
    std::vector<std::string> lines;
    std::size_t first = 0;
    while (reader.next(lines, first)) {
        out.records.push_back(lines);
        out.first_lines.push_back(first);
    }
    CHECK(reader.records() == out.records.size());
    return out;
}

}  // namespace

TEST_CASE("RecordReader splits a file into records at their end lines, with their line numbers") {
    test::TempFolder dir;
    const auto file = dir.write("all.jsonl", "{\"record\":1}\n[\"a\"]\n[\"b\"]\n{\"end\":1}\n{\"record\":2}\n{\"end\":2}\n"
                                             "{\"record\":3}\n[\"c\"]\n\n\n");
    const Read r = read_all(file.string());
    REQUIRE(r.records.size() == 3);
    CHECK(r.records[0] == std::vector<std::string>{"{\"record\":1}", "[\"a\"]", "[\"b\"]", "{\"end\":1}"});
    CHECK(r.records[1] == std::vector<std::string>{"{\"record\":2}", "{\"end\":2}"});
    CHECK(r.records[2] == std::vector<std::string>{"{\"record\":3}", "[\"c\"]"});  // truncated; blank lines dropped
    CHECK(r.first_lines == std::vector<std::size_t>{1, 5, 7});

    // A blank line between records is a record whose header is blank, at the blank's line (the
    // caller refuses it; what follows is not read as it should be).
    const auto gap = dir.write("gap.jsonl", "{\"record\":1}\n{\"end\":1}\n\n\n{\"record\":2}\n{\"end\":2}\n");
    const Read g = read_all(gap.string());
    REQUIRE(g.records.size() >= 2);
    CHECK(g.records[1] == std::vector<std::string>{""});
    CHECK(g.first_lines[1] == 3);

    CHECK_THROWS_WITH(read_all(dir.write("empty.jsonl", "\n\n").string()),
                      Catch::EndsWith("empty.jsonl:1: malformed record: the file is empty; expected a header line"));
    CHECK_THROWS_WITH(host::RecordReader((dir.path() / "none.jsonl").string()), Catch::EndsWith("none.jsonl: cannot read the record"));
}
