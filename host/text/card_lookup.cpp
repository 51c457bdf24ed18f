#include "host/text/card_lookup.hpp"

#include <algorithm>

namespace cherries::host {

namespace {

std::string lookup_fold(std::string_view s) {
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c); });
    return out;
}

// Whether `query` starts `text` or one of its words (after a space or a hyphen).
bool starts_a_word_of(const std::string& text, const std::string& query) {
    for (std::size_t at = 0;;) {
        if (text.compare(at, query.size(), query) == 0) return true;
        at = text.find_first_of(" -", at);
        if (at == std::string::npos) return false;
        ++at;
    }
}

}  // namespace

CardLookup find_card(const Catalog& catalog, std::string_view words) {
    while (!words.empty() && words.front() == ' ') words.remove_prefix(1);
    while (!words.empty() && words.back() == ' ') words.remove_suffix(1);
    const std::string query = lookup_fold(words);
    CardLookup out;
    if (query.empty()) return out;
    const auto& kinds = catalog.kinds();
    std::vector<KindId> exact, starts, contains;
    for (KindId k = 0; k < kinds.size(); ++k) {
        const std::string name = lookup_fold(kinds[k].name), id = lookup_fold(kinds[k].id);
        const std::string full = lookup_fold(catalog.sets()[kinds[k].set].id) + ":" + id;
        if (query == name || query == id || query == full || query == lookup_fold(catalog.display_id(k))) exact.push_back(k);
        else if (starts_a_word_of(name, query) || id.starts_with(query) || full.starts_with(query)) starts.push_back(k);
        else if (name.find(query) != std::string::npos || id.find(query) != std::string::npos) contains.push_back(k);
    }
    if (exact.size() == 1) out.card = exact[0];
    else if (!exact.empty()) out.candidates = exact;
    else if (starts.size() == 1) out.card = starts[0];
    else out.candidates = !starts.empty() ? starts : contains;
    return out;
}

}  // namespace cherries::host
