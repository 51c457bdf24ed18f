// `cherries report --compare OLD.json NEW.json`: what changed between two reports (two versions
// of a set, or of a gametype): the cards added, removed and changed, and which numbers moved
// beyond noise (docs/report.md, "Comparing two reports").
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace cherries::host {

/// The differences between two reports (report_json, as read back from --json files):
/// `cards` (`added`, `removed`, `changed` with the fields that differ, by card id) and `moved`,
/// one entry per number of a configuration (players × bot) present in both whose difference
/// new − old has a 95% interval that excludes 0 (seat win shares, mean game length, unfinished
/// share, each card's causal effect), and `steady`, how many compared numbers did not move.
/// The interval of a difference of two independent estimates: ± 1.96 √(se_old² + se_new²).
/// Throws InputError naming `old_name` or `new_name` when a report lacks what is compared.
nlohmann::json compare_reports(const nlohmann::json& old_report, const nlohmann::json& new_report,
                               const std::string& old_name, const std::string& new_name);

/// The comparison as one self-contained HTML page (no script, no network).
std::string compare_html(const nlohmann::json& diff);

}  // namespace cherries::host
