#include "host/store/store_location.hpp"

#include <regex>

namespace cherries::host {

bool is_postgresql_url(const std::string& where) {
    return where.starts_with("postgresql://") || where.starts_with("postgres://");
}

std::string redacted_url(const std::string& url) {
    static const std::regex userinfo(R"(^([a-z]+://[^:@/?]*):[^@/?]*@)");
    static const std::regex password(R"(([?&]password=)[^&]*)");
    return std::regex_replace(std::regex_replace(url, userinfo, "$1:***@"), password, "$1***");
}

std::string shown_location(const std::string& where) { return is_postgresql_url(where) ? redacted_url(where) : where; }

}  // namespace cherries::host
