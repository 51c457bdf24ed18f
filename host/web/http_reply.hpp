// The server's HTTP answers in one shape: the server's name, nosniff, no-cache unless a route
// says otherwise, keep-alive as asked; JSON bodies made with nlohmann-json; errors as
// {"error": one sentence saying what was wrong and what was expected}.
#pragma once

#include <utility>  // before Boost 1.74's Asio, whose headers use std::exchange without it

#include <boost/beast/http.hpp>

#include <string>

#include <nlohmann/json.hpp>

namespace cherries::web {

using Request = boost::beast::http::request<boost::beast::http::string_body>;
using Response = boost::beast::http::response<boost::beast::http::string_body>;

/// An answer to `req` with `status`, content type `type` and `body`.
Response reply(const Request& req, boost::beast::http::status status, std::string type, std::string body);
/// An answer whose body is `body` as JSON (invalid UTF-8 replaced).
Response json_reply(const Request& req, boost::beast::http::status status, const nlohmann::json& body);
/// {"error": message}: what was wrong and what was expected, in one sentence.
Response error_reply(const Request& req, boost::beast::http::status status, const std::string& message);

}  // namespace cherries::web
