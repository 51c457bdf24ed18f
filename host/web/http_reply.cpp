#include "host/web/http_reply.hpp"

namespace cherries::web {

namespace http = boost::beast::http;

Response reply(const Request& req, http::status status, std::string type, std::string body) {
    Response res{status, req.version()};
    res.set(http::field::server, "cherries serve");
    res.set(http::field::content_type, type);
    res.set("X-Content-Type-Options", "nosniff");
    res.set(http::field::cache_control, "no-cache");
    res.keep_alive(req.keep_alive());
    res.body() = std::move(body);
    res.prepare_payload();
    return res;
}

Response json_reply(const Request& req, http::status status, const nlohmann::json& body) {
    return reply(req, status, "application/json", body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
}

Response error_reply(const Request& req, http::status status, const std::string& message) {
    return json_reply(req, status, nlohmann::json{{"error", message}});
}

}  // namespace cherries::web
