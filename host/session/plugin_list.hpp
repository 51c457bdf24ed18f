// The plugin list a record header and a save file carry (docs/records.md): written, read and
// validated in one place, and compared with the plugins loaded in one place.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "sdk/plugins/bundle.hpp"

namespace cherries::host {

/// A plugin as a record names it: its type ("set", "gametype" or "bot"; written as "kind" in
/// records, docs/records.md), id, version, SHA-256 fingerprint.
struct RecordedPlugin {
    std::string type, id, version, fingerprint;
    bool operator==(const RecordedPlugin&) const = default;
};

/// The plugins of `bundle` as a record names them: the sets in order, then the gametype, then
/// each bot plugin among `bots` (bots by seat; built-in bots and humans' "" are skipped)
/// once, in seat order, as type "bot". Throws sdk::LoadError for a bot plugin that is broken.
std::vector<RecordedPlugin> recorded_plugins(const sdk::Bundle& bundle, const std::vector<std::string>& bots = {});

/// The entry of `recorded` for the plugin of this type ("set", "gametype", "bot") and id, or
/// nullptr when the list does not name it.
const RecordedPlugin* find_recorded(const std::vector<RecordedPlugin>& recorded, std::string_view type,
                                    std::string_view id);

/// The bot plugin of bot `bot` as a record names it, when it is a bot plugin that
/// `recorded` does not name yet (a bot that joins mid-game: docs/records.md, "Plugin lines");
/// nullopt for a human (""), a built-in bot, or a bot plugin already recorded. Throws
/// sdk::LoadError for a bot plugin that is missing or broken.
std::optional<RecordedPlugin> unrecorded_bot_plugin(const std::vector<RecordedPlugin>& recorded, const std::string& bot);

/// One entry's JSON: {"kind", "id", "version", "fingerprint"}.
nlohmann::json plugin_json(const RecordedPlugin& plugin);

/// The JSON array [{"kind", "id", "version", "fingerprint"}, ...].
nlohmann::json plugins_json(const std::vector<RecordedPlugin>& plugins);

/// "set 'standard', gametype 'official', bot 'leader'" (or "none"), for messages.
std::string plugin_names(const std::vector<RecordedPlugin>& plugins);

/// Reads and validates one entry: an object with type ("kind" in the JSON) "set", "gametype" or "bot", a non-empty
/// id, a version, a 64-hex-digit fingerprint. Throws InputError `where` + "expected ..." naming
/// the field that is wrong.
RecordedPlugin parse_plugin(const nlohmann::json& p, const std::string& where);

/// Reads and validates a plugins array: objects with type ("kind" in the JSON) "set", "gametype" or "bot", a
/// non-empty id, a version, a 64-hex-digit fingerprint; one or more sets and exactly one
/// gametype. Throws InputError `where` + "plugins: expected ..." naming the entry that is wrong.
std::vector<RecordedPlugin> parse_plugins(const nlohmann::json& j, const std::string& where);

/// The one comparison of a recorded plugin list with the plugins loaded: the (type, id) list
/// of its sets and gametype must equal recorded_plugins(bundle) in order (else InputError "WHERE: the record names the
/// plugins ..., the replay has ..."); then each fingerprint must be the same: a difference
/// throws InputError "WHERE: plugin set 'standard' differs from the record (...); ADVICE", or,
/// with `force`, is written to `warnings` as a warning and the caller goes on. Recorded bot
/// plugins are compared with the installed ones the same way only when `bots_play_on` (a resumed
/// game asks its bots again; a replay reads their decisions from the record and needs none).
void check_plugins(const std::vector<RecordedPlugin>& recorded, const sdk::Bundle& bundle, const std::string& where,
                   bool force, std::ostream& warnings, const std::string& advice = "use --force to replay anyway",
                   bool bots_play_on = false);

/// A record being written that can name a bot plugin joining mid-game: a plugin line just
/// before the next join event's line (docs/records.md, "Plugin lines"). RecordWriter here, the
/// tables' RecordLog (host/records/record_log); Session calls it.
class PluginLineSink {
public:
    virtual ~PluginLineSink() = default;
    /// Names `plugin` before the line of the next join event; nullopt takes it back (the join
    /// did not happen).
    virtual void set_joining_plugin(std::optional<RecordedPlugin> plugin) = 0;
};

}  // namespace cherries::host
