// The sandbox's own versions of base and library functions (see lua_library.hpp): a fixed
// iteration order and no addresses (determinism), library work charged to the instruction
// budget, and a setmetatable that refuses finalizers and weak tables.
#include "sdk/lua_library.hpp"
#include "sdk/lua_seal.hpp"

#include <lua.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <initializer_list>
#include <string_view>

namespace cherries::sdk::lua_library {

namespace {

/// Library work over bytes (comparing, scanning, converting strings) is charged one
/// instruction per this many bytes: a VM instruction costs about as much as a memcmp of 64
/// bytes, and strcoll, which Lua's string `<` uses, is no faster.
constexpr double kBytesPerInstruction = 64;
/// Work that looks at each byte on its own (case mapping, UTF-8 decoding, quoting).
constexpr double kBytesPerStepInstruction = 16;

// --- a fixed order and no addresses ----------------------------------------------------------
// Lua seeds its string hashes at random for each state, so `next` and `pairs` visit string keys
// in a different order in every run, and tostring of a table prints its address. Either would
// let a plugin's result differ between two runs of the same game (and break replays). The
// sandbox's next/pairs visit keys in one canonical order, and tostring prints no addresses.

// Values whose text Lua makes from their address.
bool is_address_type(lua_State* L, int index) {
    const int type = lua_type(L, index);
    return type == LUA_TTABLE || type == LUA_TFUNCTION || type == LUA_TTHREAD || type == LUA_TUSERDATA ||
           type == LUA_TLIGHTUSERDATA;
}

// Rank of a key type in the canonical order; -1 for keys that have none (tables, functions).
int key_rank(lua_State* L, int index) {
    switch (lua_type(L, index)) {
        case LUA_TBOOLEAN: return 0;
        case LUA_TNUMBER: return 1;
        case LUA_TSTRING: return 2;
        default: return -1;
    }
}

// The canonical order: false, true, then numbers ascending, then strings bytewise. Both keys
// (absolute indices) have a rank.
bool key_less(lua_State* L, int a, int b, std::size_t& compared) {
    const int ra = key_rank(L, a), rb = key_rank(L, b);
    if (ra != rb) return ra < rb;
    if (ra == 0) return !lua_toboolean(L, a) && lua_toboolean(L, b);
    if (ra == 1) return lua_compare(L, a, b, LUA_OPLT) != 0;  // two numbers: no metamethod runs
    std::size_t la = 0, lb = 0;
    const char* sa = lua_tolstring(L, a, &la);
    const char* sb = lua_tolstring(L, b, &lb);
    compared += std::min(la, lb);
    const int c = std::memcmp(sa, sb, std::min(la, lb));
    return c < 0 || (c == 0 && la < lb);
}

// next(t [, k]): the key after k (or the first key) of t in the canonical order, and its value;
// nil after the last. Walks the whole table, charged one instruction per key, so iterating over
// n keys costs n * n. A key that has no canonical order (a table, a function) is an error.
int ordered_next(lua_State* L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 2);  // 1 table, 2 the key before (nil: none)
    if (lua_seal::is_sealed(L, 1)) {  // a read-only table: walk what it shows
        lua_seal::push_contents(L, 1);
        lua_replace(L, 1);
    }
    const bool first = lua_isnil(L, 2);
    if (!first && key_rank(L, 2) < 0) return luaL_argerror(L, 2, "not a key of this table");
    lua_pushnil(L);  // 3 the best key so far (nil: none)
    lua_pushnil(L);  // 4 its value
    lua_pushnil(L);  // 5 lua_next's key
    int visited = 0;
    std::size_t compared = 0;  // bytes of string keys compared
    while (lua_next(L, 1)) {  // 5 key, 6 value
        if (++visited == 1024 || compared >= (std::size_t{1} << 20)) {
            charge(L, visited + static_cast<double>(compared) / kBytesPerInstruction);
            visited = 0;
            compared = 0;
        }
        if (key_rank(L, 5) < 0)
            return luaL_error(L, "next: the table has a key of type %s, which has no fixed order; plugins "
                                 "iterate only over tables keyed by booleans, numbers and strings", luaL_typename(L, 5));
        if ((first || key_less(L, 2, 5, compared)) && (lua_isnil(L, 3) || key_less(L, 5, 3, compared))) {
            lua_copy(L, 5, 3);
            lua_copy(L, 6, 4);
        }
        lua_pop(L, 1);  // the value; the key stays for lua_next
    }
    charge(L, visited + static_cast<double>(compared) / kBytesPerInstruction);
    if (lua_isnil(L, 3)) return 1;  // 3: nil, the end
    lua_settop(L, 4);
    return 2;
}

// pairs(t): a __pairs metamethod as Lua's own pairs, otherwise ordered_next, t, nil.
int ordered_pairs(lua_State* L) {
    luaL_checkany(L, 1);
    if (luaL_getmetafield(L, 1, "__pairs") != LUA_TNIL) {  // +1 the metamethod
        lua_pushvalue(L, 1);
        lua_call(L, 1, 3);
        return 3;
    }
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_pushcfunction(L, ordered_next);
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}

// tostring(v): as Lua's, except that a table, function or coroutine without __tostring is its
// type name ("table"), not its address.
int stable_tostring(lua_State* L) {
    luaL_checkany(L, 1);
    if (is_address_type(L, 1)) {
        if (luaL_getmetafield(L, 1, "__tostring") == LUA_TNIL) {
            lua_pushstring(L, luaL_typename(L, 1));
            return 1;
        }
        lua_pop(L, 1);
    }
    luaL_tolstring(L, 1, nullptr);
    return 1;
}

// --- library functions with work that is not one step --------------------------------------
// Each wraps the library's own function (upvalue 1), estimates an upper bound of its work from
// the arguments, charges it, then runs the original in the same frame (so its error messages
// name the function as the plugin called it).

int run_original(lua_State* L) { return lua_tocfunction(L, lua_upvalueindex(1))(L); }

std::string_view arg_string(lua_State* L, int index) {
    std::size_t size = 0;
    const char* text = lua_type(L, index) == LUA_TSTRING ? lua_tolstring(L, index, &size) : nullptr;
    return text ? std::string_view(text, size) : std::string_view();
}

double arg_length(lua_State* L, int index) {  // numbers become strings of at most ~50 bytes
    return lua_type(L, index) == LUA_TNUMBER ? 64.0 : static_cast<double>(arg_string(L, index).size());
}

// One past the single-character class starting at p[i], as lstrlib's classEnd (lenient: a
// malformed class ends the pattern; the matcher itself reports it).
std::size_t class_end(std::string_view p, std::size_t i) {
    if (i >= p.size()) return p.size();
    const char c = p[i++];
    if (c == '%') return std::min(i + 1, p.size());
    if (c == '[') {
        if (i < p.size() && p[i] == '^') ++i;
        do {  // the first character after '[' or '[^' is never the closing ']'
            if (i >= p.size()) return p.size();
            if (p[i++] == '%' && i < p.size()) ++i;
        } while (i < p.size() && p[i] != ']');
        return std::min(i + 1, p.size());
    }
    return i;
}

// Upper bound of the steps of lstrlib's backtracking matcher for pattern p on a subject of n
// bytes: the starting positions times the work of one attempt, where an item followed by '*',
// '+' or '-' may try every length (n + 1 ways), '?' two ways, and %b or a back-reference scans
// up to n bytes. An attempt costs a1 + k1 (a2 + k2 (... + kr)) for items of cost a and
// branching k; worst cases like ("a"):rep(30) against ("a*"):rep(9) .. "b" reach it.
double pattern_work(std::string_view p, double n, bool may_anchor) {
    std::size_t i = 0;
    double starts = n + 1;
    if (may_anchor && !p.empty() && p[0] == '^') {
        starts = 1;
        i = 1;
    }
    double work = 0, ways = 1, scans = 0;
    auto item = [&](double cost, double branching) {
        work = std::min(work + ways * cost, 1e300);
        ways = std::min(ways * branching, 1e300);
    };
    while (i < p.size()) {
        const char c = p[i];
        if (c == '(' || c == ')' || (c == '$' && i + 1 == p.size())) {
            item(1, 1);
            ++i;
            continue;
        }
        if (c == '%' && i + 1 < p.size()) {
            const char d = p[i + 1];
            if (d == 'b' || (d >= '0' && d <= '9')) {  // balance or back-reference: a scan
                item(n + 1, 1);
                i += d == 'b' ? 4 : 2;
                continue;
            }
            if (d == 'f') {  // frontier: one class test
                const std::size_t end = class_end(p, i + 2);
                item(static_cast<double>(end - i), 1);
                i = end;
                continue;
            }
        }
        const std::size_t end = class_end(p, i);
        const double test = static_cast<double>(end - i);  // one character against the class
        const char q = end < p.size() ? p[end] : '\0';
        if (end + 1 == p.size() && (q == '?' || q == '*' || q == '+' || q == '-')) {
            // Last item: the end of the pattern matches at once, so the first length tried wins.
            // Counting its length happens only on a match, and a greedy match consumes what was
            // counted: over all starts, at most two scans of the subject.
            item(test, 1);
            scans = 2 * (n + 1) * test;
            i = end + 1;
        } else if (q == '?') {
            item(test, 2);
            i = end + 1;
        } else if (q == '*' || q == '+' || q == '-') {
            item(test * (n + 1), n + 1);
            i = end + 1;
        } else {
            item(test, 1);
            i = end;
        }
    }
    return std::min(starts * (work + ways) + scans, 1e300);
}

constexpr double kStepsPerInstruction = 1;  // measured: a step (a match() call, a class test) ~ an instruction

// string.find / string.match / string.gsub (may_anchor) and string.gmatch (whose '^' is literal;
// its whole iteration is charged when it is created).
double string_search_work(lua_State* L, bool may_anchor, bool find) {
    const double n = arg_length(L, 1);
    const std::string_view p = arg_string(L, 2);
    const bool plain = find && (lua_toboolean(L, 4) || p.find_first_of("^$*+?.([%-") == std::string_view::npos);
    if (plain) return n * static_cast<double>(p.size()) / 128;  // memchr + memcmp at each position
    return pattern_work(p, n, may_anchor) / kStepsPerInstruction;
}

int safe_find(lua_State* L) { charge(L, string_search_work(L, true, true)); return run_original(L); }
int safe_match(lua_State* L) { charge(L, string_search_work(L, true, false)); return run_original(L); }
int safe_gsub(lua_State* L) { charge(L, string_search_work(L, true, false)); return run_original(L); }
int safe_gmatch(lua_State* L) { charge(L, string_search_work(L, false, false)); return run_original(L); }

// string.rep: the library loops n times even when the result is empty ("" repeated 2^50 times).
int safe_rep(lua_State* L) {
    std::size_t length = 0;
    luaL_checklstring(L, 1, &length);
    const lua_Integer n = luaL_checkinteger(L, 2);
    std::size_t separator = 0;
    luaL_optlstring(L, 3, "", &separator);
    if (n <= 0 || length + separator == 0) {
        lua_pushliteral(L, "");
        return 1;
    }
    if (static_cast<double>(n) * static_cast<double>(length + separator) > kMaxStringBytes)
        return luaL_error(L, "resulting string too large (a string holds at most %d bytes)", static_cast<int>(kMaxStringBytes));
    charge(L, static_cast<double>(n) / 16);  // the copy loop; the result's bytes are charged as allocation
    return run_original(L);
}

// True when string.format's format (argument 1) has a '%p' conversion: an address, which
// differs between runs.
bool formats_address(lua_State* L) {
    const std::string_view f = arg_string(L, 1);
    for (std::size_t i = 0; i < f.size(); ++i) {
        if (f[i] != '%') continue;
        if (++i < f.size() && f[i] == '%') continue;  // "%%"
        while (i < f.size() && std::strchr("-+ #0123456789.", f[i])) ++i;
        if (i < f.size() && f[i] == 'p') return true;
    }
    return false;
}

int safe_format(lua_State* L) {
    // Each conversion is a snprintf; a string argument is copied (%s) or quoted byte by byte (%q).
    double bytes = 0;
    for (int i = 2, n = lua_gettop(L); i <= n; ++i) bytes += arg_length(L, i);
    charge(L, arg_length(L, 1) / 2 + bytes / kBytesPerStepInstruction);
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

// Length of table argument 1 as the library will see it (may run __len), or 0 if not a table.
double table_length(lua_State* L) {
    if (lua_type(L, 1) != LUA_TTABLE) return 0;
    return static_cast<double>(luaL_len(L, 1));
}

// Argument `index` as the library will read it with luaL_checkinteger (floats with an integer
// value and numeric strings count), or `otherwise`.
double integer_arg(lua_State* L, int index, double otherwise) {
    int is_integer = 0;
    const lua_Integer value = lua_tointegerx(L, index, &is_integer);
    return is_integer ? static_cast<double>(value) : otherwise;
}

// table.insert(t, pos, v) and table.remove(t, pos) shift up to #t elements (#t may come from __len).
int safe_insert(lua_State* L) {
    if (lua_gettop(L) == 3) charge(L, table_length(L));
    return run_original(L);
}
int safe_remove(lua_State* L) {
    if (lua_gettop(L) >= 2) charge(L, table_length(L));
    return run_original(L);
}
// table.move(a1, f, e, t [, a2]) moves e - f + 1 elements.
int safe_move(lua_State* L) {
    charge(L, integer_arg(L, 3, 0) - integer_arg(L, 2, 0) + 1);
    return run_original(L);
}
// Bytes one comparison of the values at a and b looks at: a string comparison is one C call
// however long the strings are (a megabyte each), so it is charged by their length.
double compared_bytes(lua_State* L, int a, int b) {
    if (lua_type(L, a) != LUA_TSTRING || lua_type(L, b) != LUA_TSTRING) return 0;
    return static_cast<double>(std::min(lua_rawlen(L, a), lua_rawlen(L, b)));
}

// table.sort's default order (a < b) with the comparison charged by the bytes it compares.
int charged_less(lua_State* L) {
    charge(L, compared_bytes(L, 1, 2) / kBytesPerInstruction);
    lua_pushboolean(L, lua_compare(L, 1, 2, LUA_OPLT));
    return 1;
}

// A plugin's comparator (upvalue 1), charged for string arguments as charged_less is: its own
// `a < b` on them is one VM instruction, which no counter sees.
int charged_comparator(lua_State* L) {
    charge(L, compared_bytes(L, 1, 2) / kBytesPerInstruction);
    lua_settop(L, 2);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, 2, 1);
    return 1;
}

int safe_sort(lua_State* L) {
    const double n = table_length(L);
    charge(L, n * std::log2(n + 1));
    if (lua_type(L, 1) == LUA_TTABLE) {  // otherwise the original reports the bad argument
        if (lua_isnoneornil(L, 2)) {
            lua_settop(L, 1);
            lua_pushcfunction(L, charged_less);
        } else if (lua_type(L, 2) == LUA_TFUNCTION) {
            lua_settop(L, 2);
            lua_pushcclosure(L, charged_comparator, 1);
        }
    }
    return run_original(L);
}
// table.concat: per element, and the separator's bytes copied between elements (the elements'
// bytes are charged as the buffer they fill is allocated).
int safe_concat(lua_State* L) {
    const double last = lua_isnoneornil(L, 4) ? table_length(L) : integer_arg(L, 4, 0);
    const double n = std::max(last - integer_arg(L, 3, 1) + 1, 0.0);
    charge(L, n + n * arg_length(L, 2) / kBytesPerInstruction);
    return run_original(L);
}

// Functions that look at every byte of string argument 1: string.upper/lower/reverse,
// utf8.len/offset.
int safe_bytewise(lua_State* L) {
    charge(L, arg_length(L, 1) / kBytesPerStepInstruction);
    return run_original(L);
}

// Functions that push one value per element or byte (up to the stack limit, a million): a push
// is cheaper than an instruction.
constexpr double kPushesPerInstruction = 4;
int safe_unpack(lua_State* L) {
    const double last = lua_isnoneornil(L, 3) ? table_length(L) : integer_arg(L, 3, 0);
    charge(L, std::min(last - integer_arg(L, 2, 1) + 1, 1e6) / kPushesPerInstruction);
    return run_original(L);
}
int safe_byte(lua_State* L) {  // string.byte(s, i, j) and utf8.codepoint(s, i, j)
    if (lua_gettop(L) >= 3) charge(L, arg_length(L, 1) / kPushesPerInstruction);
    return run_original(L);
}
int safe_string_unpack(lua_State* L) {  // string.unpack(fmt, s): up to one value per format byte
    charge(L, arg_length(L, 1) / kPushesPerInstruction);
    return run_original(L);
}

// Replaces table[name] with wrapper(original). Stack: table at -1.
// Wraps each listed function of the library table on top of the stack (the original is the
// wrapper's upvalue 1), then pops the table.
void wrap_library(lua_State* L, std::initializer_list<luaL_Reg> wrappers) {
    for (const luaL_Reg& w : wrappers) {
        lua_getfield(L, -1, w.name);  // +1 original
        lua_pushcclosure(L, w.func, 1);
        lua_setfield(L, -2, w.name);
    }
    lua_pop(L, 1);
}

// --- error paths ----------------------------------------------------------------------------
// The budget's error is raised from Lua's count hook, and Lua runs the message handler for an
// error raised from a hook with hooks off (they are off inside a hook): a plugin's handler
// would then run past every budget and the CPU net. xpcall therefore wraps the plugin's handler
// in guarded_handler, which hands an exhausted call's error on without running plugin code.

// The plugin's message handler (upvalue 1), unless the call's budget is used up: then the
// message as it is (the hook re-raises at the next instruction anyway).
int guarded_handler(lua_State* L) {
    if (budget_exhausted(L)) return lua_gettop(L) > 0 ? 1 : 0;
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

// xpcall(f, msgh, ...) with msgh guarded as above (Lua's own xpcall is upvalue 1).
int safe_xpcall(lua_State* L) {
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 2);
    lua_pushcclosure(L, guarded_handler, 1);
    lua_replace(L, 2);
    return run_original(L);
}

// --- metatables -----------------------------------------------------------------------------

char kProtected;  // key (its address) in a metatable copy whose original had its own __metatable

// setmetatable(t, mt) that refuses __gc and __mode and installs a private copy of mt's
// metamethods (string keys starting with "__"): the plugin cannot reach the copy, so it cannot
// add a finalizer or make the table weak afterwards. The copy's __metatable is mt itself (or
// mt's own __metatable), so getmetatable(t) returns what the plugin gave.
int safe_setmetatable(lua_State* L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    const int type = lua_type(L, 2);
    luaL_argexpected(L, type == LUA_TNIL || type == LUA_TTABLE, 2, "nil or table");
    lua_settop(L, 2);
    if (lua_seal::is_sealed(L, 1))
        return luaL_error(L, "cannot change the metatable of a read-only table (the plugin's globals and the tables "
                             "its file made are read-only once the file has run)");
    if (lua_getmetatable(L, 1)) {  // +1 current metatable: one of our copies
        if (lua_rawgetp(L, -1, &kProtected) != LUA_TNIL) return luaL_error(L, "cannot change a protected metatable");
        lua_pop(L, 2);
    }
    if (type == LUA_TNIL) {
        lua_setmetatable(L, 1);
        return 1;
    }
    // The metamethods are read from what mt shows: a read-only mt's contents are elsewhere.
    const int fields = type == LUA_TNIL ? 2 : lua_seal::push_contents(L, 2);  // 3
    for (const char* forbidden : {"__gc", "__mode"}) {
        lua_pushstring(L, forbidden);
        if (lua_rawget(L, fields) != LUA_TNIL)
            return luaL_error(L, "setmetatable: '%s' is not available to plugins (%s)", forbidden,
                              forbidden[2] == 'g' ? "no finalizers" : "no weak tables");
        lua_pop(L, 1);
    }
    lua_createtable(L, 0, 4);  // 4: the copy
    const int copy = lua_gettop(L);
    int visited = 0;
    lua_pushnil(L);
    while (lua_next(L, fields)) {  // key, value
        if (++visited == 1024) {
            charge(L, visited);
            visited = 0;
        }
        std::size_t size = 0;
        const char* key = lua_type(L, -2) == LUA_TSTRING ? lua_tolstring(L, -2, &size) : nullptr;
        if (key && size > 2 && key[0] == '_' && key[1] == '_') {
            lua_pushvalue(L, -2);
            lua_insert(L, -2);
            lua_rawset(L, copy);
        } else {
            lua_pop(L, 1);
        }
    }
    charge(L, visited);
    lua_pushliteral(L, "__metatable");
    if (lua_rawget(L, copy) != LUA_TNIL) {  // the plugin protects its metatable itself
        lua_pushboolean(L, 1);
        lua_rawsetp(L, copy, &kProtected);
    } else {
        lua_pushliteral(L, "__metatable");
        lua_pushvalue(L, 2);
        lua_rawset(L, copy);
    }
    lua_pop(L, 1);
    lua_setmetatable(L, 1);  // -1 copy
    lua_settop(L, 1);
    return 1;
}

}  // namespace

void install(lua_State* L) {
    lua_pushglobaltable(L);  // +1
    lua_pushcfunction(L, safe_setmetatable);
    lua_setfield(L, -2, "setmetatable");
    lua_pushcfunction(L, ordered_next);
    lua_setfield(L, -2, "next");
    lua_pushcfunction(L, ordered_pairs);
    lua_setfield(L, -2, "pairs");
    lua_pushcfunction(L, stable_tostring);
    lua_setfield(L, -2, "tostring");
    lua_getfield(L, -1, "xpcall");  // +1 Lua's xpcall
    lua_pushcclosure(L, safe_xpcall, 1);
    lua_setfield(L, -2, "xpcall");
    lua_getglobal(L, LUA_STRLIBNAME);
    lua_pushnil(L);
    lua_setfield(L, -2, "dump");  // bytecode out: no string.dump
    wrap_library(L, {{"find", safe_find}, {"match", safe_match}, {"gmatch", safe_gmatch}, {"gsub", safe_gsub},
                     {"rep", safe_rep}, {"format", safe_format}, {"byte", safe_byte}, {"unpack", safe_string_unpack},
                     {"upper", safe_bytewise}, {"lower", safe_bytewise}, {"reverse", safe_bytewise}});
    lua_getglobal(L, LUA_TABLIBNAME);
    wrap_library(L, {{"insert", safe_insert}, {"remove", safe_remove}, {"move", safe_move}, {"sort", safe_sort},
                     {"concat", safe_concat}, {"unpack", safe_unpack}});
    lua_getglobal(L, LUA_UTF8LIBNAME);
    wrap_library(L, {{"codepoint", safe_byte}, {"len", safe_bytewise}, {"offset", safe_bytewise}});
    lua_getglobal(L, LUA_MATHLIBNAME);
    lua_pushnil(L);
    lua_setfield(L, -2, "random");  // pure functions: no hidden generator
    lua_pushnil(L);
    lua_setfield(L, -2, "randomseed");
    lua_pop(L, 2);  // the math table, the global table
}

}  // namespace cherries::sdk::lua_library
