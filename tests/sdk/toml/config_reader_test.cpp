// sdk/toml/config_reader.hpp: TOML for files read outside the sdk (configs, scenarios) without
// naming toml++: values and where they are, durations, paths, tables, every problem at once.
#include <catch2/catch.hpp>

#include <chrono>
#include <string>
#include <vector>

#include "sdk/toml/config_reader.hpp"

using namespace cherries;

TEST_CASE("ConfigReader reads durations, paths and tables, and says every problem at its place") {
    std::vector<sdk::Diagnostic> out;
    sdk::ConfigReader r("c.toml", out);
    const auto root = r.parse(R"([a]
wait = 1.5
bad_wait = "soon"
file = "x.db"
empty = ""
folders = ["p", "/abs"]
[b]
n = 7
)");
    REQUIRE(root);
    const auto a = r.table(*root, "a", true, "");
    REQUIRE(a);
    CHECK(r.seconds(*a, "wait", 0.05, 10, "[a] ") == std::chrono::milliseconds(1500));
    CHECK_FALSE(r.seconds(*a, "bad_wait", 0.05, 10, "[a] "));
    CHECK(r.path(*a, "file", "/etc/x", "[a] ") == std::filesystem::path("/etc/x/x.db"));
    CHECK_FALSE(r.path(*a, "empty", "/etc/x", "[a] "));  // no path, and no problem
    CHECK(r.paths(*a, "folders", "/etc/x", "[a] ") == std::vector<std::filesystem::path>{"/etc/x/p", "/abs"});
    CHECK_FALSE(r.seconds(*a, "missing", 0, 1, "[a] "));
    CHECK_FALSE(r.table(*root, "c", false, ""));  // absent, optional: no problem
    r.table(*root, "c", true, "");                 // absent, required: a problem
    r.unknown_keys(*root, {"bb", "a"}, "");
    REQUIRE(out.size() == 3);
    CHECK(out[0].to_string() == "c.toml:3:12: error: [a] key 'bad_wait': expected number from 0.05 to 10, saw string \"soon\"");
    CHECK(out[1].message == "missing table [c]");
    CHECK(out[2].to_string() == "c.toml:7:2: error: unknown key 'b'; did you mean 'bb'?");  // one edit away
    CHECK(r.errors() == 3);
}

TEST_CASE("TomlValue shows a value's kind, place and parts") {
    std::vector<sdk::Diagnostic> out;
    sdk::ConfigReader r("v.toml", out);
    const auto root = r.parse("s = \"two\"\nn = 5\nf = 1.5\nlist = [1, \"x\"]\n[t]\nk = true\n");
    REQUIRE(root);
    CHECK(root->is_table());
    CHECK(root->get("s")->as_string() == "two");
    CHECK(root->get("s")->describe() == "string \"two\"");
    CHECK(root->get("n")->as_integer() == 5);
    CHECK_FALSE(root->get("f")->as_integer());  // a float is no integer
    CHECK(root->get("list")->is_array());
    CHECK(root->get("list")->size() == 2);
    CHECK(root->get("list")->elements()[1].as_string() == "x");
    CHECK(root->get("list")->elements()[1].column() == 12);
    CHECK(root->get("t")->entries().size() == 1);
    CHECK(root->get("t")->entries()[0].first == "k");
    CHECK(root->get("t")->line() == 5);
    CHECK_FALSE(root->get("nothing"));
    r.error(*root->get("n"), "not five");
    r.error(9, 2, "there");
    REQUIRE(out.size() == 2);
    CHECK(out[0].to_string() == "v.toml:2:5: error: not five");
    CHECK(out[1].to_string() == "v.toml:9:2: error: there");
}
