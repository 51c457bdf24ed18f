// Drawing one card's front (GDD §3.3.2.1.2.2, Figure 3.4) and the back (§3.3.2.1.2.3, Figure
// 3.5) with cairo, pango and librsvg. Units are millimetres: the caller's cairo transform maps
// 1 unit to 1 mm with the card's top-left cut-line corner at the origin.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "engine/card.hpp"
#include "host/design/sheet_layout.hpp"
#include "sdk/plugins/describe.hpp"
#include "sdk/plugins/manifest.hpp"
#include "host/text/card_text.hpp"

// cairo's drawing context, as cairo.h declares it (the header stays out of the host's API).
typedef struct _cairo cairo_t;

namespace cherries::host {

/// What one card kind's front shows (GDD §3.3.2.1.2.2): in fixed places the set symbol (top
/// left), the type (top right), the name (below them) and the specifics (bottom); the picture
/// in the middle. Colours are "#rrggbb".
struct CardFront {
    std::string set_id;
    std::string card_id;
    std::string symbol;  ///< the set's identifier symbol (§3.3.2.2)
    std::string type;    ///< "CHERRY", "SCORE" or "MODIFIER"
    std::string name;
    std::string headline;           ///< the change ("+2 cherries") or the lifetime ("Lasts 3 turns")
    std::string rules;              ///< rules text in words; may be empty
    /// The manifest's texts for the face alone, by key (sdk::CardManifest::face_texts).
    std::map<std::string, std::string, std::less<>> texts;
    std::filesystem::path picture;  ///< .svg or .png; empty: none
    std::string colour;             ///< band and frame
    std::string set_colour;         ///< the symbol's badge
    int count = 1;                  ///< copies in the set
};

/// The one back of every card (§3.3.2.1.2.3).
struct CardBack {
    std::filesystem::path picture;  ///< .svg or .png; empty: the word "Cherries" only
    std::string colour;             ///< background
};

/// The fronts of every kind of a set manifest, in manifest order, and its back. Cards without
/// `colour` get their type's colour (docs/manifest.md); a set without one gets "#b3122e".
/// `words`: the cards of a loaded bundle that holds this set, for the rules text of modifiers
/// without `text` (sdk::describe_card); null: those say "see its rules text".
std::vector<CardFront> card_fronts(const sdk::SetManifest& set, const host::CardText* words = nullptr);
CardBack card_back(const sdk::SetManifest& set);

/// The specifics' first line (GDD §3.3.2.1.2.2): "+2 cherries", "-1 point", "Lasts 3 turns".
std::string card_headline(const CardKind& kind);
/// The card's rules text: its `text` when given; for a modifier without one, `description`
/// (sdk::describe_card: derived words or "see its rules text"); "" for cherry and score cards
/// without text, whose headline says it all.
std::string card_rules(const CardKind& kind, const sdk::CardDescription& description);

/// Loads and caches pictures, and draws cards. Not thread-safe. Throws InputError
/// naming the file when a picture cannot be read or parsed.
class CardPainter {
public:
    CardPainter();
    ~CardPainter();
    CardPainter(const CardPainter&) = delete;
    CardPainter& operator=(const CardPainter&) = delete;

    /// Draws `card` at the origin, 50 x 50 mm, its background `bleed` mm past the cut line.
    void front(cairo_t* cr, const CardFront& card, double bleed);
    /// Draws the back, as front().
    void back(cairo_t* cr, const CardBack& card, double bleed);

private:
    struct Picture;
    const Picture& picture(const std::filesystem::path& file);
    void draw_picture(cairo_t* cr, const std::filesystem::path& file, double x, double y, double w, double h);
    std::map<std::filesystem::path, std::unique_ptr<Picture>> pictures_;
};

}  // namespace cherries::host
