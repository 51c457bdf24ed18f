// Library work charged to the instruction budget (see lua_library.hpp), part two: the functions
// whose cost follows their format or the text they convert: string.format, string.pack/unpack/
// packsize, string.char and utf8.char, and every function that reads a number, which Lua also
// accepts as a string (tonumber, math, string arithmetic, positions and counts): converting a
// megabyte of spaces or digits is one call that scans it up to three times.
#include "sdk/sandbox/lua_library.hpp"

#include <lua.hpp>

#include <algorithm>
#include <cstring>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace cherries::sdk::lua_library {

void charge_numeric_strings(lua_State* L, int first, int last) {
    double bytes = 0;
    for (int i = first, top = std::min(last, lua_gettop(L)); i <= top; ++i)
        if (lua_type(L, i) == LUA_TSTRING) bytes += static_cast<double>(lua_rawlen(L, i));
    if (bytes > 0) charge(L, bytes / kBytesPerStepInstruction);
}

namespace {

std::string_view arg_text(lua_State* L, int index) {
    std::size_t size = 0;
    const char* text = lua_type(L, index) == LUA_TSTRING ? lua_tolstring(L, index, &size) : nullptr;
    return text ? std::string_view(text, size) : std::string_view();
}

// A library function whose arguments first..last are read as numbers (upvalues: 1 the
// original, 2 first, 3 last, 4 instructions per argument in that range, for functions that do
// a step of work per argument: string.char, utf8.char).
int numbers_charged(lua_State* L) {
    const int first = static_cast<int>(lua_tointeger(L, lua_upvalueindex(2)));
    const int last = static_cast<int>(lua_tointeger(L, lua_upvalueindex(3)));
    const double per_argument = lua_tonumber(L, lua_upvalueindex(4));
    const int arguments = std::max(0, std::min(last, lua_gettop(L)) - first + 1);
    if (per_argument > 0 && arguments > 0) charge(L, per_argument * arguments);
    charge_numeric_strings(L, first, last);
    return run_original(L);
}

// Instructions one conversion of string.format costs beyond its argument's bytes: a float with
// up to 99 digits of precision (or 308 before the point) takes microseconds in snprintf.
constexpr double kFloatConversion = 256;
constexpr double kOtherConversion = 2;

// string.format(fmt, ...): the format's bytes, each conversion by its kind, every string argument
// by its bytes (copied by %s, read as a number by %d), and a string quoted by %q at one
// instruction a byte (each control character is its own snprintf). Also refuses '%p'.
double format_work(lua_State* L) {
    const std::string_view f = arg_text(L, 1);
    double work = static_cast<double>(f.size()) / 2;
    int argument = 1;
    for (std::size_t i = 0; i < f.size(); ++i) {
        if (f[i] != '%') continue;
        if (++i < f.size() && f[i] == '%') continue;  // "%%"
        while (i < f.size() && std::strchr("-+ #0123456789.", f[i])) ++i;
        if (i >= f.size()) break;
        ++argument;
        const char c = f[i];
        if (std::strchr("aAeEfFgG", c)) work += kFloatConversion;
        else work += kOtherConversion;
        if (c == 'q') work += static_cast<double>(arg_text(L, argument).size());
    }
    for (int i = 2, n = lua_gettop(L); i <= n; ++i) work += static_cast<double>(arg_text(L, i).size()) / kBytesPerStepInstruction;
    return work;
}

// The bytes string.pack's format asks for beyond its arguments: 'cN' pads to N bytes one byte at
// a time; every other option is at most 16 bytes, counted with the format's own bytes.
double pack_padding(std::string_view f) {
    double bytes = 0;
    for (std::size_t i = 0; i < f.size(); ++i) {
        if (f[i] != 'c') continue;
        double size = 0;
        while (i + 1 < f.size() && f[i + 1] >= '0' && f[i + 1] <= '9') size = std::min(size * 10 + (f[++i] - '0'), 1e18);
        bytes += size;
    }
    return bytes;
}

// Format bytes are read one option at a time, and each option packs or unpacks one value
// (several bytes, an alignment, a sign extension): a few steps each.
constexpr double kFormatBytesPerInstruction = 4;

// string.pack(fmt, ...): the format, the padding it asks for, and the strings it copies.
// [-0, +1, e] string.pack(fmt, ...): charges the format, its padding and the numerals read.
int safe_pack(lua_State* L) {
    const std::string_view f = arg_text(L, 1);
    charge(L, static_cast<double>(f.size()) / kFormatBytesPerInstruction + pack_padding(f) / kBytesPerStepInstruction);
    charge_numeric_strings(L, 2, lua_gettop(L));
    return run_original(L);
}

// string.packsize(fmt): the format.
// [-0, +1, e] string.packsize(fmt): charges the format.
int safe_packsize(lua_State* L) {
    charge(L, static_cast<double>(arg_text(L, 1).size()) / kFormatBytesPerInstruction);
    return run_original(L);
}

// string.unpack(fmt, s [, pos]): the format, one value pushed per option, and 'z' looks for the
// end of a string through the data.
// [-0, +r, e] string.unpack(fmt, s [, pos]): charges the format and the data scanned.
int safe_string_unpack(lua_State* L) {
    // Every value comes from an option letter (sizes are digits; 'x' is padding): the letters
    // bound the results, and the next position is one more.
    const std::string_view f = arg_text(L, 1);
    check_results(L, static_cast<double>(std::count_if(f.begin(), f.end(), [](char c) {
                      return c != 'x' && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));
                  })) + 1, "string.unpack");
    charge(L, static_cast<double>(arg_text(L, 1).size()) / kFormatBytesPerInstruction +
                  static_cast<double>(arg_text(L, 2).size()) / kBytesPerInstruction);
    charge_numeric_strings(L, 3, 3);
    return run_original(L);
}

// [-0, +1, e] string.format(fmt, ...): charges per conversion, refuses %p, replaces an address-shown argument in place.
int safe_format(lua_State* L) {
    charge(L, format_work(L));
    if (formats_address(L)) return luaL_error(L, "string.format: '%%p' is not available to plugins (an address differs between runs)");
    // '%s' of a table or function would print its address: give it the stable text tostring gives.
    for (int i = 2, n = lua_gettop(L); i <= n; ++i) {
        if (!is_address_type(L, i) || luaL_getmetafield(L, i, "__tostring") != LUA_TNIL) {
            if (is_address_type(L, i)) lua_pop(L, 1);  // the metafield
            continue;
        }
        lua_pushstring(L, luaL_typename(L, i));
        lua_replace(L, i);
    }
    return run_original(L);
}

// Wraps field `name` of the table on top of the stack in numbers_charged.
void wrap_numbers(lua_State* L, const char* name, int first, int last, double per_argument = 0) {
    if (lua_getfield(L, -1, name) != LUA_TFUNCTION) {  // +1 original
        lua_pop(L, 1);
        return;
    }
    lua_pushinteger(L, first);
    lua_pushinteger(L, last);
    lua_pushnumber(L, per_argument);
    lua_pushcclosure(L, numbers_charged, 4);
    lua_setfield(L, -2, name);
}

constexpr int kAll = 1 << 30;  // every argument from `first` on

}  // namespace

bool formats_address(lua_State* L) {
    const std::string_view f = arg_text(L, 1);
    for (std::size_t i = 0; i < f.size(); ++i) {
        if (f[i] != '%') continue;
        if (++i < f.size() && f[i] == '%') continue;  // "%%"
        while (i < f.size() && std::strchr("-+ #0123456789.", f[i])) ++i;
        if (i < f.size() && f[i] == 'p') return true;
    }
    return false;
}

void install_text_charges(lua_State* L) {
    lua_getglobal(L, LUA_STRLIBNAME);
    for (const luaL_Reg& w : {luaL_Reg{"format", safe_format}, luaL_Reg{"pack", safe_pack},
                              luaL_Reg{"packsize", safe_packsize}, luaL_Reg{"unpack", safe_string_unpack}}) {
        lua_getfield(L, -1, w.name);  // +1 original
        lua_pushcclosure(L, w.func, 1);
        lua_setfield(L, -2, w.name);
    }
    wrap_numbers(L, "char", 1, kAll, 1.0 / 4);
    wrap_numbers(L, "sub", 2, 3);
    lua_pop(L, 1);
    lua_getglobal(L, LUA_MATHLIBNAME);  // every function of math reads its arguments as numbers
    std::vector<std::string> names;
    for (lua_pushnil(L); lua_next(L, -2); lua_pop(L, 1))
        if (lua_type(L, -2) == LUA_TSTRING && lua_type(L, -1) == LUA_TFUNCTION) names.emplace_back(lua_tostring(L, -2));
    for (const std::string& name : names) wrap_numbers(L, name.c_str(), 1, kAll);
    lua_pop(L, 1);
    lua_getglobal(L, LUA_UTF8LIBNAME);
    wrap_numbers(L, "char", 1, kAll, 2);
    lua_pop(L, 1);
    lua_pushglobaltable(L);
    wrap_numbers(L, "tonumber", 1, 2);
    // select: lua_charges.cpp's safe_select charges its numeral and caps its results (a second
    // wrapper would find the first as its "original" and run itself forever).
    wrap_numbers(L, "error", 2, 2);
    lua_pop(L, 1);
    // Arithmetic on strings ("1" + 1) is the string metatable's, which converts both operands.
    lua_pushliteral(L, "");
    lua_getmetatable(L, -1);
    for (const char* name : {"__add", "__sub", "__mul", "__mod", "__pow", "__div", "__idiv", "__unm"}) wrap_numbers(L, name, 1, 2);
    lua_pop(L, 2);
}

}  // namespace cherries::sdk::lua_library
