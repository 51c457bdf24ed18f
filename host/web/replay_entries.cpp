#include "host/web/replay_entries.hpp"

#include <exception>

#include "host/records/replay.hpp"
#include "host/web/event_entries.hpp"

namespace cherries::web {

ReplayedEntries replay_entries(const sdk::Bundle& bundle, Evaluator& evaluator, const host::CardText& words,
                               const std::vector<std::string>& lines, const std::string& source,
                               std::optional<std::uint64_t> seed, const EntryHook& hook) {
    ReplayedEntries out;
    if (lines.empty()) {
        out.problem = source + ": the record is empty";
        return out;
    }
    try {
        const host::RecordHeader header = host::parse_header_line(lines.front(), source, 1);
        host::Replayer replayer(bundle, evaluator, header, lines, source, 1, seed);
        EntryList list(replayer.game(), words, hook);
        replayer.set_observer(&list);
        try {
            replayer.run();
        } catch (const std::exception& e) {
            out.problem = e.what();
        }
        out.entries = std::move(list.entries);
    } catch (const std::exception& e) {
        out.problem = e.what();
    }
    return out;
}

ReplayedEntries replay_record(host::GameLibrary& library, const std::vector<std::string>& lines, const std::string& source) {
    try {
        if (lines.empty()) return {nlohmann::json::array(), source + ": the record is empty"};
        const host::RecordHeader header = host::parse_header_line(lines.front(), source, 1);
        std::vector<std::string> sets;
        std::string gametype;
        for (const auto& p : header.plugins) {
            if (p.type == "set") sets.push_back(p.id);
            else if (p.type == "gametype") gametype = p.id;
        }
        const auto bundle = library.bundle(sets, gametype);
        const auto runtime = bundle->make_runtime();
        const host::CardText words(*bundle);
        return replay_entries(*bundle, *runtime, words, lines, source);
    } catch (const std::exception& e) {
        return {nlohmann::json::array(), e.what()};
    }
}

nlohmann::json replayed_json(host::GameLibrary& library, const std::string& record, const std::string& source) {
    std::vector<std::string> lines;
    std::size_t at = 0;
    while (at < record.size()) {
        std::size_t end = record.find('\n', at);
        if (end == std::string::npos) end = record.size();
        std::string line = record.substr(at, end - at);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (!line.empty()) lines.push_back(std::move(line));
        at = end + 1;
    }
    ReplayedEntries replayed = replay_record(library, lines, source);
    nlohmann::json out = {{"events", std::move(replayed.entries)}};
    if (!replayed.problem.empty()) out["problem"] = replayed.problem;
    return out;
}

}  // namespace cherries::web
