#include "host/store/store_health.hpp"

namespace cherries::host {

std::optional<std::string> StoreHealth::failed(Time now) {
    next_ = now + retry_;
    if (failing_) return std::nullopt;
    failing_ = true;
    return std::string(kStopped);
}

std::optional<std::string> StoreHealth::worked() {
    if (!failing_) return std::nullopt;
    failing_ = false;
    return std::string(kWorksAgain);
}

}  // namespace cherries::host
