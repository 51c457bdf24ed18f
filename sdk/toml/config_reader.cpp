#include "sdk/toml/config_reader.hpp"

#include <toml++/toml.h>

#include <cmath>

#include "sdk/toml/toml_reader.hpp"
#include "sdk/toml/toml_text.hpp"

namespace cherries::sdk {

namespace {

const toml::node& node_of(const TomlValue& v) { return *static_cast<const toml::node*>(v.node()); }
const toml::table& table_of(const TomlValue& v) { return *node_of(v).as_table(); }
TomlValue value_of(const toml::node& n) { return TomlValue(&n); }

}  // namespace

bool TomlValue::is_string() const { return node_of(*this).is_string(); }
bool TomlValue::is_integer() const { return node_of(*this).is_integer(); }
bool TomlValue::is_table() const { return node_of(*this).is_table(); }
bool TomlValue::is_array() const { return node_of(*this).is_array(); }

std::optional<std::string> TomlValue::as_string() const {
    if (!is_string()) return std::nullopt;
    return *node_of(*this).value<std::string>();
}

std::optional<std::int64_t> TomlValue::as_integer() const {
    // The type first: value<std::int64_t>() would convert a float.
    if (!is_integer()) return std::nullopt;
    return *node_of(*this).value<std::int64_t>();
}

std::vector<TomlValue> TomlValue::elements() const {
    std::vector<TomlValue> out;
    if (const toml::array* a = node_of(*this).as_array())
        for (const toml::node& element : *a) out.push_back(value_of(element));
    return out;
}

std::vector<std::pair<std::string, TomlValue>> TomlValue::entries() const {
    std::vector<std::pair<std::string, TomlValue>> out;
    if (const toml::table* t = node_of(*this).as_table())
        for (const auto& [key, value] : *t) out.emplace_back(std::string(key.str()), value_of(value));
    return out;
}

std::optional<TomlValue> TomlValue::get(std::string_view key) const {
    const toml::table* t = node_of(*this).as_table();
    const toml::node* n = t ? t->get(key) : nullptr;
    if (!n) return std::nullopt;
    return value_of(*n);
}

std::size_t TomlValue::size() const {
    const toml::node& n = node_of(*this);
    if (const toml::array* a = n.as_array()) return a->size();
    if (const toml::table* t = n.as_table()) return t->size();
    return 0;
}

int TomlValue::line() const { return line_of(node_of(*this)); }
int TomlValue::column() const { return column_of(node_of(*this)); }
std::string TomlValue::describe() const { return describe_toml(node_of(*this)); }

struct ConfigReader::Document {
    toml::table root;
};

ConfigReader::ConfigReader(std::string file, std::vector<Diagnostic>& out, std::string noun)
    : reader_(std::make_unique<TomlReader>(std::move(file), out, std::move(noun))) {}

ConfigReader::~ConfigReader() = default;

std::optional<TomlValue> ConfigReader::parse(std::string_view text) {
    std::optional<toml::table> parsed = reader_->parse(text);
    if (!parsed) return std::nullopt;
    document_ = std::make_unique<Document>(Document{std::move(*parsed)});
    return value_of(document_->root);
}

void ConfigReader::error(const TomlValue& where, const std::string& message) { reader_->error(node_of(where).source(), message); }

void ConfigReader::error(int line, int column, const std::string& message) {
    toml::source_region where;
    where.begin = {static_cast<toml::source_index>(line), static_cast<toml::source_index>(column)};
    reader_->error(where, message);
}

void ConfigReader::error(const std::string& message) { reader_->error(message); }

std::optional<std::string> ConfigReader::string(const TomlValue& table, std::string_view key, const std::string& context) {
    return reader_->string(table_of(table), key, Need::optional, context);
}

std::optional<std::vector<std::string>> ConfigReader::strings(const TomlValue& table, std::string_view key,
                                                              const std::string& context) {
    return reader_->strings(table_of(table), key, Need::optional, context);
}

std::optional<std::int64_t> ConfigReader::integer(const TomlValue& table, std::string_view key, std::int64_t min,
                                                  std::int64_t max, const std::string& context) {
    return reader_->integer(table_of(table), key, Need::optional, min, max, context);
}

std::optional<double> ConfigReader::number(const TomlValue& table, std::string_view key, double min, double max,
                                           const std::string& context) {
    return reader_->number(table_of(table), key, min, max, context);
}

std::optional<bool> ConfigReader::boolean(const TomlValue& table, std::string_view key, const std::string& context) {
    return reader_->boolean(table_of(table), key, context);
}

std::optional<std::chrono::milliseconds> ConfigReader::seconds(const TomlValue& table, std::string_view key, double min,
                                                               double max, const std::string& context) {
    const auto v = number(table, key, min, max, context);
    if (!v) return std::nullopt;
    return std::chrono::milliseconds(std::llround(*v * 1000.0));
}

namespace {

std::filesystem::path resolved(const std::filesystem::path& folder, const std::string& path) {
    const std::filesystem::path p(path);
    return p.is_absolute() || folder.empty() ? p : folder / p;
}

}  // namespace

std::optional<std::filesystem::path> ConfigReader::path(const TomlValue& table, std::string_view key,
                                                        const std::filesystem::path& folder, const std::string& context) {
    const auto v = string(table, key, context);
    if (!v || v->empty()) return std::nullopt;
    return resolved(folder, *v);
}

std::optional<std::string> ConfigReader::location(const TomlValue& table, std::string_view key,
                                                 const std::filesystem::path& folder, const std::string& context) {
    const auto v = string(table, key, context);
    if (!v || v->empty()) return std::nullopt;
    const std::size_t scheme = v->find("://");
    const bool url = scheme != std::string::npos && scheme > 0 &&
                     v->find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+.-") == scheme;
    return url ? *v : resolved(folder, *v).string();
}

std::optional<std::vector<std::filesystem::path>> ConfigReader::paths(const TomlValue& table, std::string_view key,
                                                                      const std::filesystem::path& folder,
                                                                      const std::string& context) {
    const auto v = strings(table, key, context);
    if (!v) return std::nullopt;
    std::vector<std::filesystem::path> out;
    for (const std::string& p : *v) out.push_back(resolved(folder, p));
    return out;
}

std::optional<TomlValue> ConfigReader::table(const TomlValue& table, std::string_view key, bool required,
                                             const std::string& context) {
    const toml::table* t = reader_->table(table_of(table), key, required ? Need::required : Need::optional, context);
    if (!t) return std::nullopt;
    return value_of(*t);
}

void ConfigReader::unknown_keys(const TomlValue& table, const std::vector<std::string_view>& known,
                                const std::string& context) {
    reader_->unknown_keys(table_of(table), known, context);
}

std::size_t ConfigReader::errors() const { return reader_->errors(); }

}  // namespace cherries::sdk
