// The server's HTTP routes as one table (method, path pattern, handler), read in order by
// Server::Impl::route: the first route whose pattern matches the path answers, or says which
// method it expected; no route: 404 in words (docs/web.md, "URLs"). Each handler is a function
// of the server, the request, the client it comes from and the path's captures.
#include <fmt/core.h>

#include <algorithm>
#include <climits>
#include <regex>
#include <vector>

#include "host/base/json_fields.hpp"
#include "host/base/file_io.hpp"
#include "host/base/printable.hpp"
#include "host/web/http_reply.hpp"
#include "host/web/player_names.hpp"
#include "host/web/replay_entries.hpp"
#include "host/web/route_call.hpp"
#include "host/web/server_impl.hpp"
#include "host/web/static_files.hpp"

namespace cherries::web {

using nlohmann::json;

namespace {

// Files the server sends (pages, /static/): at most this large.
constexpr std::size_t kMaxFileBytes = 8u << 20;

/// One route: GET routes answer HEAD too.
struct Route {
    http::verb method;
    std::regex path;
    Handler handler;
};

std::optional<std::string> file_bytes(const std::filesystem::path& file) {
    try {
        return host::read_text_file(file, "the file", kMaxFileBytes);
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

// A file of the page as a browser keeps it: ETag and Last-Modified (a 304 while unchanged), gzip
// when accepted, "immutable" only for a fingerprinted name (static_answer).
Response file_reply(const Request& req, const std::filesystem::path& file, const std::string& bytes, std::string type, bool fingerprint) {
    const auto etag = req[http::field::if_none_match];
    const auto encodings = req[http::field::accept_encoding];
    const StaticAnswer a = static_answer(file, bytes, std::string_view(etag.data(), etag.size()),
                                         std::string_view(encodings.data(), encodings.size()), fingerprint);
    Response res = reply(req, static_cast<http::status>(a.status), std::move(type), a.body);
    for (const auto& [key, value] : a.headers) res.set(key, value);
    return res;
}

Response page(Server::Impl& s, const Request& req, const char* file) {
    const auto found = file_under(s.web_root, file);
    const auto bytes = found ? file_bytes(*found) : std::nullopt;
    if (!bytes) return error_reply(req, http::status::not_found, std::string("the page ") + file + " is not in the web root " + s.web_root.string());
    Response res = file_reply(req, *found, *bytes, "text/html; charset=utf-8", false);
    res.set("Content-Security-Policy", "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; "
                                       "connect-src 'self' ws: wss:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'");
    return res;
}

std::optional<Response> lobby_page(Server::Impl& s, const RouteCall& c) { return page(s, c.req, "index.html"); }
std::optional<Response> table_page(Server::Impl& s, const RouteCall& c) { return page(s, c.req, "table.html"); }
std::optional<Response> replay_page(Server::Impl& s, const RouteCall& c) { return page(s, c.req, "replay.html"); }
std::optional<Response> ranking_page(Server::Impl& s, const RouteCall& c) { return page(s, c.req, "ranking.html"); }

std::optional<Response> static_file(Server::Impl& s, const RouteCall& c) {
    const auto decoded = url_decode(c.at(1));
    const auto file = decoded ? file_under(s.web_root, *decoded) : std::nullopt;
    const auto bytes = file ? file_bytes(*file) : std::nullopt;
    if (!bytes) return error_reply(c.req, http::status::not_found, "no such file under /static/");
    return file_reply(c.req, *file, *bytes, content_type(*file), fingerprinted(file->filename().string()));
}

std::optional<Response> open_table(Server::Impl& s, const RouteCall& c) {
    if (!s.within_minute_limit(s.tables_by_address, c.client, s.config.tables_per_minute))
        return error_reply(c.req, http::status::too_many_requests,
                           fmt::format("this address opened {} tables in the last minute, the limit; try again in a minute",
                                       s.config.tables_per_minute));
    // Only this server's pages (or allowed origins) make tables: a form on another site can
    // neither send JSON's content type nor pass the Origin check.
    const auto type = c.req[http::field::content_type];
    if (std::string_view(type.data(), type.size()).substr(0, 16) != "application/json")
        return error_reply(c.req, http::status::unsupported_media_type, "expected a JSON body (Content-Type: application/json)");
    if (!s.origin_allowed(c.req)) return error_reply(c.req, http::status::forbidden, "this page's origin may not open a table here");
    auto order = s.lobby->order_table(c.req.body(), limit_key(c.client).to_string());
    if (auto* e = std::get_if<LobbyError>(&order)) return error_reply(c.req, static_cast<http::status>(e->status), e->message);
    // Its plugins' code runs as the table is made: on a table worker, never on the loop.
    s.make_table(std::get<TableOrder>(order), nullptr,
                 [&s, req = Request(c.req), respond = c.respond](const std::variant<json, LobbyError>& made) {
                     if (const auto* e = std::get_if<LobbyError>(&made))
                         return respond(error_reply(req, static_cast<http::status>(e->status), e->message));
                     const json& answer = std::get<json>(made);
                     s.log(fmt::format("table {} opened: {} with {}", answer.at("id").get<std::string>(),
                                       answer.at("gametype").get<std::string>(), answer.at("sets").dump()));
                     s.changed(answer.at("id").get<std::string>());
                     respond(json_reply(req, http::status::created, answer));
                 });
    return std::nullopt;
}

std::optional<Response> replay_record(Server::Impl& s, const RouteCall& c) {  // the replay page's words for a file
    if (!s.within_minute_limit(s.replays_by_address, c.client, s.config.replays_per_minute))
        return error_reply(c.req, http::status::too_many_requests,
                           fmt::format("this address sent {} records to replay in the last minute, the limit; try again in a minute",
                                       s.config.replays_per_minute));
    if (!s.origin_allowed(c.req)) return error_reply(c.req, http::status::forbidden, "this page's origin may not replay records here");
    s.answer_off_loop(c.req, c.respond, [&library = s.lobby->library(), req = Request(c.req)] {
        return json_reply(req, http::status::ok, replayed_json(library, req.body(), "the record"));
    });
    return std::nullopt;
}

std::optional<Response> names_page(Server::Impl& s, const RouteCall& c) { return page(s, c.req, "names.html"); }
// The service worker that shows a "your turn" push (docs/web.md): served from the root, so that
// its scope is every page of the server.
std::optional<Response> service_worker(Server::Impl& s, const RouteCall& c) {
    const auto found = file_under(s.web_root, "sw.js");
    const auto bytes = found ? file_bytes(*found) : std::nullopt;
    if (!bytes) return error_reply(c.req, http::status::not_found, "the service worker sw.js is not in the web root " + s.web_root.string());
    return file_reply(c.req, *found, *bytes, "text/javascript; charset=utf-8", false);
}
std::optional<Response> my_tables_page(Server::Impl& s, const RouteCall& c) { return page(s, c.req, "mine.html"); }

}  // namespace

std::variant<json, Response> names_body(Server::Impl& s, const RouteCall& c, std::initializer_list<const char*> fields, bool limited) {
    // 501, not 404: a page must not take "no such key" from a server that keeps no names at all.
    if (!s.store) return error_reply(c.req, http::status::not_implemented, "this server keeps no claimed names (it runs without a database)");
    if (limited && !s.within_minute_limit(s.names_by_address, c.client, s.config.names_per_minute))
        return error_reply(c.req, http::status::too_many_requests,
                           fmt::format("this address claimed names or revoked keys {} times in the last minute, the limit; try again in a minute",
                                       s.config.names_per_minute));
    const auto type = c.req[http::field::content_type];
    if (std::string_view(type.data(), type.size()).substr(0, 16) != "application/json")
        return error_reply(c.req, http::status::unsupported_media_type, "expected a JSON body (Content-Type: application/json)");
    if (!s.origin_allowed(c.req)) return error_reply(c.req, http::status::forbidden, "this page's origin may not ask about names here");
    json body = json::parse(c.req.body(), nullptr, false);
    std::string shape;
    for (const char* f : fields) shape += fmt::format("{}\"{}\": ...", shape.empty() ? "" : ", ", f);
    try {
        const host::JsonFields checked(body, "", "a JSON object {" + shape + "}");
        checked.only(std::vector<std::string_view>(fields.begin(), fields.end()));
    } catch (const host::InputError& e) {
        return error_reply(c.req, http::status::bad_request, e.what());
    }
    return body;
}

Response names_unreadable(Server::Impl& s, const RouteCall& c, const std::exception& e) {
    s.log(e.what());
    return error_reply(c.req, http::status::service_unavailable, "the claimed names cannot be read or written just now; try again in a moment");
}

namespace {

// A request about a claimed name with the one string field `field`: its value, or the refusal.
std::variant<std::string, Response> names_request(Server::Impl& s, const RouteCall& c, const char* field, bool limited) {
    auto body = names_body(s, c, {field}, limited);
    if (auto* refused = std::get_if<Response>(&body)) return std::move(*refused);
    try {
        const host::JsonFields fields(std::get<json>(body), "", fmt::format("a JSON object {{\"{}\": ...}}", field));
        return fields.text(field, "a string", 256);  // its value is never echoed: only its type
    } catch (const host::InputError& e) {
        return error_reply(c.req, http::status::bad_request, e.what());
    }
}

std::optional<Response> claim_name(Server::Impl& s, const RouteCall& c) {
    auto asked = names_request(s, c, "name", true);
    if (auto* refused = std::get_if<Response>(&asked)) return std::move(*refused);
    try {
        auto made = PlayerNames(s.store->store()).claim(std::get<std::string>(asked), s.clock->unix_seconds());
        if (auto* no = std::get_if<NameRefusal>(&made)) return error_reply(c.req, static_cast<http::status>(no->status), no->message);
        const auto& claimed = std::get<ClaimedName>(made);
        s.log(fmt::format("the name {} was claimed", host::printable(claimed.name)));  // never its key
        return json_reply(c.req, http::status::created, json{{"name", claimed.name}, {"key", claimed.key}});
    } catch (const std::exception& e) {
        return names_unreadable(s, c, e);
    }
}

std::optional<Response> check_key(Server::Impl& s, const RouteCall& c) {
    auto asked = names_request(s, c, "key", false);
    if (auto* refused = std::get_if<Response>(&asked)) return std::move(*refused);
    try {
        auto name = PlayerNames(s.store->store()).name_of(std::get<std::string>(asked));
        if (auto* no = std::get_if<NameRefusal>(&name)) return error_reply(c.req, static_cast<http::status>(no->status), no->message);
        return json_reply(c.req, http::status::ok, json{{"name", std::get<std::string>(name)}});
    } catch (const std::exception& e) {
        return names_unreadable(s, c, e);
    }
}

std::optional<Response> revoke_key(Server::Impl& s, const RouteCall& c) {
    auto asked = names_request(s, c, "key", true);
    if (auto* refused = std::get_if<Response>(&asked)) return std::move(*refused);
    try {
        auto made = PlayerNames(s.store->store()).revoke(std::get<std::string>(asked));
        if (auto* no = std::get_if<NameRefusal>(&made)) return error_reply(c.req, static_cast<http::status>(no->status), no->message);
        const auto& claimed = std::get<ClaimedName>(made);
        s.log(fmt::format("the player key of {} was revoked; a new one was given", host::printable(claimed.name)));
        return json_reply(c.req, http::status::ok, json{{"name", claimed.name}, {"key", claimed.key}});
    } catch (const std::exception& e) {
        return names_unreadable(s, c, e);
    }
}

// Every table's summary, newest first. A table at work on a worker is not read: its summary at
// its last change stands for it.
json summaries(Server::Impl& s) {
    json here = s.lobby->tables_json([&s](const WebTable& t) {
        const auto room = s.hub.find(t.id());
        return room != s.hub.end() && room->second.busy ? room->second.summary : s.summary(t);
    });
    // Node mode: every node lists every table (the others' from the store).
    for (json& t : s.elsewhere_summaries()) here.push_back(std::move(t));
    return here;
}

// "My tables" (docs/web.md): the tables where the name a key proves is seated, the ones whose
// turn is its own first (least time left first), then the rest as the lobby orders them. Read
// from the tables' summaries: a busy table's is the one of its last change.
std::optional<Response> my_tables(Server::Impl& s, const RouteCall& c) {
    auto asked = names_request(s, c, "key", false);
    if (auto* refused = std::get_if<Response>(&asked)) return std::move(*refused);
    std::string name;
    try {
        auto proved = PlayerNames(s.store->store()).name_of(std::get<std::string>(asked));
        if (auto* no = std::get_if<NameRefusal>(&proved)) return error_reply(c.req, static_cast<http::status>(no->status), no->message);
        name = std::get<std::string>(proved);
    } catch (const std::exception& e) {
        return names_unreadable(s, c, e);
    }
    json yours = json::array(), others = json::array();
    for (json& t : summaries(s)) {
        const json& claimed = t.at("claimed");
        if (std::find(claimed.begin(), claimed.end(), name) == claimed.end()) continue;
        t["your_turn"] = t.at("current") == name;
        (t["your_turn"].get<bool>() ? yours : others).push_back(std::move(t));
    }
    const auto left = [](const json& t) { return t.at("clock").is_null() ? INT64_MAX : t.at("clock").at("ms_left").get<std::int64_t>(); };
    std::stable_sort(yours.begin(), yours.end(), [&](const json& a, const json& b) { return left(a) < left(b); });
    for (json& t : others) yours.push_back(std::move(t));
    std::optional<std::string> webhook;
    try {
        webhook = s.store->store().webhook(host::name_skeleton(name));
    } catch (const std::exception& e) {
        s.log(e.what());  // the list is what was asked for: it goes out without the webhook
    }
    return json_reply(c.req, http::status::ok,
                      json{{"name", name}, {"tables", yours}, {"webhook", webhook ? json(*webhook) : json(nullptr)}});
}

// Made once, on the drawing thread: the first request loads every plugin offered (their Lua runs),
// which the loop never does; later requests are answered from memory.
std::optional<Response> catalog(Server::Impl& s, const RouteCall& c) {
    if (!s.catalog.is_null()) return json_reply(c.req, http::status::ok, s.catalog);
    s.draw("catalog",
           [&s, req = Request(c.req), respond = c.respond] {
               respond(s.catalog.is_null() ? error_reply(req, http::status::internal_server_error, "the catalog could not be made; try again")
                                           : json_reply(req, http::status::ok, s.catalog));
           },
           [lobby = s.lobby.get()]() -> std::function<void(Server::Impl&)> {
               try {
                   return [made = lobby->catalog_json()](Server::Impl& s) { s.catalog = made; };
               } catch (const std::exception& e) {
                   return [error = std::string(e.what())](Server::Impl& s) { s.log("the catalog: " + error); };
               }
           });
    return std::nullopt;
}
std::optional<Response> tables(Server::Impl& s, const RouteCall& c) { return json_reply(c.req, http::status::ok, summaries(s)); }

// GET /api/health: what an operator's check reads (docs/web.md): the open tables, the tables
// busy on a worker now, and the wake-ups the server holds (each a table's next timed moment, all
// on one timer). Nothing about a game.
std::optional<Response> health(Server::Impl& s, const RouteCall& c) {
    const auto busy = std::count_if(s.hub.begin(), s.hub.end(), [](const auto& room) { return room.second.busy; });
    return json_reply(c.req, http::status::ok,
                      nlohmann::json{{"tables", s.lobby->tables().size()}, {"busy", busy}, {"wakeups", s.wakeups.size()}, {"timers", 1}});
}

// Answers with `answer(table)` when table `id` is idle: now, or once its work is done (then
// through `respond`, and nullopt here). A table that many requests wait for: 503 in words.
std::optional<Response> when_table_idle(Server::Impl& s, const RouteCall& c, const std::string& id,
                                        std::function<Response(const WebTable&)> answer) {
    auto made = [&s, req = Request(c.req), id, answer = std::move(answer)] {
        const WebTable* table = s.lobby->find(id);
        return table ? answer(*table) : error_reply(req, http::status::not_found, "no table '" + id + "'");
    };
    const auto room = s.hub.find(id);
    if (room == s.hub.end() || (!room->second.busy && room->second.waiting.empty())) return made();
    if (!s.when_idle(id, [made, respond = c.respond] { respond(made()); }))
        return error_reply(c.req, http::status::service_unavailable, "the table is busy; ask again in a moment");
    return std::nullopt;
}

std::optional<Response> players(Server::Impl& s, const RouteCall& c) {  // the statistics of the web's players, as !top gives CherryBot's
    json out = json::array();
    if (s.store)
        try {
            // Typed names and claimed ones (a seat its key proved) side by side; "claimed" says which.
            for (const auto& p : s.store->store().top(20, 1, std::vector<std::string>{"web:", "claimed:"}, host::StatsOrder::most_wins))
                out.push_back({{"name", p.name}, {"games", p.games}, {"wins", p.wins}, {"turns", p.turns},
                               {"points", p.points}, {"best", p.best ? json(*p.best) : json(nullptr)},
                               {"claimed", p.key.rfind("claimed:", 0) == 0}});
        } catch (const std::exception& e) {
            s.log(e.what());
            return error_reply(c.req, http::status::service_unavailable, "the statistics cannot be read now");
        }
    return json_reply(c.req, http::status::ok, out);
}

std::optional<Response> rated_gametypes(Server::Impl& s, const RouteCall& c) {  // the gametypes that have ratings
    json out{{"gametypes", json::array()}};
    if (s.store)
        try {
            out["gametypes"] = s.store->store().rated_gametypes();
        } catch (const std::exception& e) {
            s.log(e.what());
            return error_reply(c.req, http::status::service_unavailable, "the ratings cannot be read now");
        }
    return json_reply(c.req, http::status::ok, out);
}

std::optional<Response> ratings(Server::Impl& s, const RouteCall& c) {  // a gametype's ratings, best ordinal first (docs/ratings.md)
    const std::string& gametype = c.at(1);
    json out{{"gametype", gametype}, {"provisional_games", host::kProvisionalGames}, {"players", json::array()}};
    if (s.store)
        try {
            for (const auto& r : s.store->store().ratings(gametype, 20))
                out["players"].push_back({{"name", r.name}, {"bot", r.key.rfind("bot:", 0) == 0}, {"ordinal", r.ordinal()},
                                          {"mu", r.mu}, {"sigma", r.sigma}, {"games", r.games}, {"provisional", r.provisional()}});
        } catch (const std::exception& e) {
            s.log(e.what());
            return error_reply(c.req, http::status::service_unavailable, "the ratings cannot be read now");
        }
    return json_reply(c.req, http::status::ok, out);
}

std::optional<Response> stored_game_of_table(Server::Impl& s, const RouteCall& c) {  // where a table's game is kept once the table is gone
    const std::string& id = c.at(1);
    if (!s.store) return error_reply(c.req, http::status::not_found, "this server keeps no games (no --database)");
    std::optional<host::GameSummary> game;
    try {
        game = s.store->store().last_game_in(table_channel(id));
    } catch (const std::exception& e) {
        s.log(e.what());
        return error_reply(c.req, http::status::service_unavailable, "the database cannot be read just now");
    }
    if (!game) return error_reply(c.req, http::status::not_found, "no stored game of table '" + id + "'");
    const bool live = s.lobby->find(id) && game->status == "in_progress";
    return json_reply(c.req, http::status::ok,
                      json{{"game", game->id}, {"status", game->status}, {"open", live},
                           {"record", live ? json(nullptr) : json("/api/games/" + std::to_string(game->id) + "/record")}});
}

std::optional<Response> table_record(Server::Impl& s, const RouteCall& c) {
    const std::string& id = c.at(1);
    if (std::string why; !s.here(id, why))
        return error_reply(c.req, why.empty() ? http::status::not_found : http::status::conflict, why.empty() ? "no table '" + id + "'" : why);
    return when_table_idle(s, c, id, [req = Request(c.req), id](const WebTable& table) {
        if (!table.started()) return error_reply(req, http::status::not_found, "table '" + id + "' has not started: no record yet");
        Response res = reply(req, http::status::ok, "application/x-ndjson", table.hosted().record_text());
        res.set(http::field::content_disposition, "attachment; filename=\"cherries-" + id + ".jsonl\"");
        return res;
    });
}

std::optional<Response> table_events(Server::Impl& s, const RouteCall& c) {  // the replay page's words for a table still open
    if (std::string why; !s.here(c.at(1), why))
        return error_reply(c.req, why.empty() ? http::status::not_found : http::status::conflict,
                           why.empty() ? "no table '" + c.at(1) + "'" : why);
    return when_table_idle(s, c, c.at(1), [req = Request(c.req)](const WebTable& table) {
        return json_reply(req, http::status::ok, json{{"events", json::parse(table.history())}});
    });
}

// A stored game's record (sealed while it is played: no seed before its end), or why not.
std::variant<std::string, Response> stored_record(Server::Impl& s, const RouteCall& c) {
    const std::string& number = c.at(1);
    if (!s.store) return error_reply(c.req, http::status::not_found, "this server keeps no games (no --database)");
    try {
        return s.store->record(std::stoll(number));
    } catch (const std::exception&) {
        return error_reply(c.req, http::status::not_found, "no stored game " + number);
    }
}

std::optional<Response> game_events(Server::Impl& s, const RouteCall& c) {  // a stored game's record replayed here, in words
    auto record = stored_record(s, c);
    if (auto* refused = std::get_if<Response>(&record)) return std::move(*refused);
    s.answer_off_loop(c.req, c.respond, [&library = s.lobby->library(), req = Request(c.req), record = std::move(std::get<std::string>(record)),
                                         source = "game " + c.at(1)] { return json_reply(req, http::status::ok, replayed_json(library, record, source)); });
    return std::nullopt;
}

std::optional<Response> game_record(Server::Impl& s, const RouteCall& c) {
    auto record = stored_record(s, c);
    if (auto* refused = std::get_if<Response>(&record)) return std::move(*refused);
    Response res = reply(c.req, http::status::ok, "application/x-ndjson", std::move(std::get<std::string>(record)));
    res.set(http::field::content_disposition, "attachment; filename=\"cherries-game-" + c.at(1) + ".jsonl\"");
    return res;
}

// A picture's answer, made on the loop from what the server has drawn by then.
std::optional<Response> picture(const Request& req, const std::map<std::string, std::string>& drawn, const std::string& key,
                                const std::string& missing, bool immutable) {
    const auto it = drawn.find(key);
    if (it == drawn.end()) return error_reply(req, http::status::not_found, missing);
    Response res = reply(req, http::status::ok, "image/svg+xml", it->second);
    if (immutable) res.set(http::field::cache_control, "public, max-age=31536000, immutable");  // the fingerprint names the bytes
    return res;
}

std::optional<Response> card_face(Server::Impl& s, const RouteCall& c) {
    const std::string fingerprint = c.at(1);
    const std::string key = fingerprint + "/" + c.at(2);
    auto answer = [&s, req = Request(c.req), key] { return *picture(req, s.faces, key, "no card face " + key, true); };
    if (s.faces.count(key) || !s.pictures.card_faces || s.drawn_sets.count(fingerprint)) return answer();
    // Drawn once per fingerprint, off the loop, whatever comes of it; the set's bundle is found
    // (and loaded, the first time) there too.
    s.draw("faces:" + fingerprint, [answer, respond = c.respond] { respond(answer()); },
           [draw = s.pictures.card_faces, lobby = s.lobby.get(), fingerprint]() -> std::function<void(Server::Impl&)> {
               std::map<std::string, std::string> faces;
               std::string set_id, error;
               bool known = false;  // a fingerprint of no set offered here is not remembered
               try {
                   const auto bundle = lobby->bundle_with_set(fingerprint, set_id);
                   known = bundle != nullptr;
                   if (bundle) faces = draw(*bundle, set_id);
               } catch (const std::exception& e) {
                   error = e.what();
               }
               return [faces = std::move(faces), error, set_id, fingerprint, known](Server::Impl& s) mutable {
                   if (known) s.drawn_sets.insert(fingerprint);
                   if (!error.empty()) s.log(fmt::format("card faces of set {}: {}", set_id, error));
                   for (auto& [card, svg] : faces) s.faces[fingerprint + "/" + card] = std::move(svg);
               };
           });
    return std::nullopt;
}

std::optional<Response> reference_graph(Server::Impl& s, const RouteCall& c) {
    const std::string gametype = c.at(1);
    if (s.graphs.count(gametype)) return picture(c.req, s.graphs, gametype, "", false);
    if (!s.lobby->offers("gametype", gametype)) return error_reply(c.req, http::status::not_found, "no gametype '" + gametype + "' here");
    if (!s.pictures.reference_graph) return error_reply(c.req, http::status::not_found, "no reference graphs on this server");
    auto answer = [&s, req = Request(c.req), gametype] {
        if (!s.graphs.count(gametype)) return error_reply(req, http::status::internal_server_error, "the reference graph could not be drawn");
        return *picture(req, s.graphs, gametype, "", false);
    };
    s.draw("graph:" + gametype, [answer, respond = c.respond] { respond(answer()); },
           [draw = s.pictures.reference_graph, lobby = s.lobby.get(), gametype]() -> std::function<void(Server::Impl&)> {
               try {  // the gametype's bundle is loaded here the first time, off the loop
                   return [svg = draw(*lobby->bundle_for_gametype(gametype)), gametype](Server::Impl& s) { s.graphs.emplace(gametype, svg); };
               } catch (const std::exception& e) {
                   return [error = std::string(e.what()), gametype](Server::Impl& s) {
                       s.log(fmt::format("reference graph {}: {}", gametype, error));
                   };
               }
           });
    return std::nullopt;
}

const std::vector<Route>& routes() {
    using http::verb;
    static const std::vector<Route> table = {
        {verb::post, std::regex("/api/tables"), open_table},
        {verb::post, std::regex("/api/replay"), replay_record},
        {verb::post, std::regex("/api/names"), claim_name},
        {verb::post, std::regex("/api/names/check"), check_key},
        {verb::post, std::regex("/api/names/revoke"), revoke_key},
        {verb::post, std::regex("/api/names/tables"), my_tables},
        {verb::post, std::regex("/api/names/push"), subscribe_push},
        {verb::post, std::regex("/api/names/push/remove"), unsubscribe_push},
        {verb::post, std::regex("/api/names/webhook"), set_webhook},
        {verb::post, std::regex("/api/names/irc"), irc_link},
        {verb::get, std::regex("/api/push"), push_key},
        {verb::get, std::regex("/sw\\.js"), service_worker},
        {verb::get, std::regex("/mine"), my_tables_page},
        {verb::get, std::regex("/names"), names_page},
        {verb::get, std::regex("/|/index\\.html"), lobby_page},
        {verb::get, std::regex("/t/.*"), table_page},
        {verb::get, std::regex("/replay"), replay_page},
        {verb::get, std::regex("/ranking"), ranking_page},
        {verb::get, std::regex("/static/(.*)"), static_file},
        {verb::get, std::regex("/api/catalog"), catalog},
        {verb::get, std::regex("/api/tables"), tables},
        {verb::get, std::regex("/api/health"), health},
        {verb::get, std::regex("/api/players"), players},
        {verb::get, std::regex("/api/ratings"), rated_gametypes},
        {verb::get, std::regex("/api/ratings/([a-z0-9_-]{1,64})"), ratings},
        {verb::get, std::regex("/api/tables/([a-z0-9]{1,32})/game"), stored_game_of_table},
        {verb::get, std::regex("/api/tables/([a-z0-9]{1,32})/record"), table_record},
        {verb::get, std::regex("/api/tables/([a-z0-9]{1,32})/events"), table_events},
        {verb::get, std::regex("/api/games/([0-9]{1,18})/events"), game_events},
        {verb::get, std::regex("/api/games/([0-9]{1,18})/record"), game_record},
        {verb::get, std::regex("/cards/([0-9a-f]{64})/([a-z0-9_-]{1,64})\\.svg"), card_face},
        {verb::get, std::regex("/api/gametypes/([a-z0-9_-]{1,64})/graph\\.svg"), reference_graph},
    };
    return table;
}

}  // namespace

std::optional<Response> Server::Impl::route(const Request& req, const net::ip::address& client, std::function<void(Response)> respond) {
    const std::string target(req.target());
    const std::string path = target.substr(0, target.find('?'));
    const http::verb method = req.method() == http::verb::head ? http::verb::get : req.method();
    bool path_known = false;
    std::smatch m;
    for (const Route& r : routes()) {
        if (!std::regex_match(path, m, r.path)) continue;
        path_known = true;
        if (r.method != method) continue;
        RouteCall call{req, client, {}, std::move(respond)};
        for (std::size_t i = 1; i < m.size(); ++i) call.captures.push_back(m[i].str());
        return r.handler(*this, call);
    }
    if (path_known || method != http::verb::get)
        return error_reply(req, http::status::method_not_allowed, "expected GET (or POST /api/tables, POST /api/replay, POST /api/names ...)");
    return error_reply(req, http::status::not_found, "no such page: " + path.substr(0, 100));
}

void Server::Impl::answer_off_loop(const Request& req, std::function<void(Response)> respond, std::function<Response()> work) {
    // As make_table: the worker holds no share of the server, and the answer finds the server
    // (and its connection) through the weak pointer.
    net::post(replaying, [loop = io.get_executor(), weak = weak_from_this(), req = Request(req), respond = std::move(respond),
                              work = std::move(work)]() mutable {
        std::string error;
        auto answer = std::make_shared<Response>();
        try {
            *answer = work();
        } catch (const std::exception& e) {
            error = e.what();
            *answer = error_reply(req, http::status::internal_server_error, "the answer could not be made (the server's log says why)");
        }
        net::post(loop, [weak, respond = std::move(respond), answer, error, target = std::string(req.target())] {
            const auto self = weak.lock();
            if (!self || self->stopping) return;
            if (!error.empty()) self->log(fmt::format("{}: {}", host::printable(target.substr(0, 100)), error));
            respond(std::move(*answer));
        });
    });
}

void Server::Impl::draw(const std::string& key, std::function<void()> then, std::function<std::function<void(Impl&)>()> work) {
    auto& waiting = waiting_for_drawing[key];
    waiting.push_back(std::move(then));
    if (waiting.size() > 1) return;  // being drawn: this request waits for the same picture
    // The pool is joined before the io_context goes (it is declared after it), so posting back
    // to the loop is safe; the server itself may be gone by then, which the weak pointer says.
    net::post(drawing, [loop = io.get_executor(), weak = weak_from_this(), key, work = std::move(work)] {
        auto done = work();
        net::post(loop, [weak, key, done = std::move(done)] {
            const auto self = weak.lock();
            if (!self || self->stopping) return;
            done(*self);
            const auto waiting = std::move(self->waiting_for_drawing[key]);
            self->waiting_for_drawing.erase(key);
            for (const auto& then : waiting) then();
        });
    });
}

}  // namespace cherries::web
