// `cherries schema set|gametype`: the JSON Schema of a manifest, made from the one list of its
// fields (sdk/plugins/manifest_fields.cpp), for taplo and editors. sdk/schema/*.json are its output.
// `cherries schema reference`: the field rows of docs/manifest.md, in order, from the same list
// (scripts/manifest-reference writes both into the tree).
#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>
#include <string>

#include "host/cli/commands.hpp"
#include "sdk/plugins/manifest_fields.hpp"

namespace cherries::host {

void add_schema_command(CLI::App& app, Command& run) {
    auto manifest = std::make_shared<std::string>();
    CLI::App* sub = app.add_subcommand("schema", "Print the JSON Schema of set.toml or gametype.toml (for editors)");
    sub->add_option("manifest", *manifest, "set or gametype; or reference: the manifest reference's field rows (docs/manifest.md)")
        ->required()
        ->check(CLI::IsMember({"set", "gametype", "reference"}));
    sub->callback([&run, manifest] {
        run = [manifest] {
            if (*manifest == "reference") {
                for (const sdk::ManifestField& f : sdk::manifest_fields())
                    if (const std::string row = sdk::manifest_reference_row(f); !row.empty()) std::cout << row << '\n';
                return 0;
            }
            std::cout << sdk::manifest_schema(*manifest).dump(2) << '\n';
            return 0;
        };
    });
}

}  // namespace cherries::host
