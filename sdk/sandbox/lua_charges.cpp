// Library work charged to the instruction budget (see lua_library.hpp): pattern matching, string
// and table functions whose work is not one step, each charged by an upper bound of the work its
// arguments ask for before it runs.
#include "sdk/sandbox/lua_library.hpp"
#include "sdk/sandbox/lua_seal.hpp"

#include <lua.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <initializer_list>
#include <string_view>

namespace cherries::sdk::lua_library {

int run_original(lua_State* L) { return lua_tocfunction(L, lua_upvalueindex(1))(L); }

void check_results(lua_State* L, double count, const char* function) {
    if (count > kMaxResults)
        luaL_error(L, "%s: too many results (%I values; a library call returns at most %d)", function,
                   static_cast<lua_Integer>(std::min(count, 1e15)), kMaxResults);
}

namespace {

// [-0, +1, e] the reader function a plugin gave `load` (upvalue 1): each piece it returns is
// charged one instruction per byte before the lexer reads it, as a string chunk is, and the
// pieces' total so far (upvalue 2) may not pass kMaxLoadBytes. Without this, pieces of a
// megabyte inside a long comment were lexed in C for half a second per call, uncounted.
int charged_reader(lua_State* L) {
    lua_settop(L, 0);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_call(L, 0, 1);  // the plugin's reader: its own instructions are counted
    if (lua_type(L, 1) != LUA_TSTRING) return 1;  // nil ends the text; anything else load reports
    const double piece = static_cast<double>(lua_rawlen(L, 1));
    const double total = lua_tonumber(L, lua_upvalueindex(2)) + piece;
    if (total > static_cast<double>(kMaxLoadBytes))
        return luaL_error(L, "load: the reader function gave more than %d bytes of text (a chunk may be at most as long as "
                             "a plugin's Lua file, 1 MiB)", static_cast<int>(kMaxLoadBytes));
    lua_pushnumber(L, total);
    lua_replace(L, lua_upvalueindex(2));
    charge(L, piece);
    return 1;
}

}  // namespace

void charge_reader(lua_State* L, int index) {
    index = lua_absindex(L, index);
    lua_pushvalue(L, index);
    lua_pushnumber(L, 0);
    lua_pushcclosure(L, charged_reader, 2);
    lua_replace(L, index);
}

namespace {

// --- library functions with work that is not one step --------------------------------------
// Each wraps the library's own function (upvalue 1), estimates an upper bound of its work from
// the arguments, charges it, then runs the original in the same frame (so its error messages
// name the function as the plugin called it).


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

// Argument `index` as the library will read it with luaL_checkinteger (floats with an integer
// value and numeric strings count), or `otherwise`. Reading a string converts it: charge it
// first (charge_numeric_strings).
double integer_arg(lua_State* L, int index, double otherwise) {
    int is_integer = 0;
    const lua_Integer value = lua_tointegerx(L, index, &is_integer);
    return is_integer ? static_cast<double>(value) : otherwise;
}

// Instructions one escape ('%0', '%1', '%%') of a gsub replacement costs per match: a capture
// that is a position is a number turned into text.
constexpr double kReplacementEscape = 4;

// What string.gsub's replacement string (argument 3) costs: Lua walks it in C once per match,
// copying its bytes and expanding its escapes, where no count hook runs. A subject of n bytes
// has at most n + 1 matches (an empty match moves one byte on), or the count argument 4.
double replacement_work(lua_State* L) {
    if (lua_type(L, 3) != LUA_TSTRING) return 0;  // a table or function: one lookup or call per match, counted
    const std::string_view r = arg_string(L, 3);
    double matches = arg_length(L, 1) + 1;
    if (lua_type(L, 4) == LUA_TNUMBER) matches = std::clamp(integer_arg(L, 4, matches), 0.0, matches);
    const double escapes = static_cast<double>(std::count(r.begin(), r.end(), '%'));
    return matches * (static_cast<double>(r.size()) / kBytesPerStepInstruction + escapes * kReplacementEscape);
}

// [-0, +r, e] string.find(s, pattern [, init [, plain]]): charges the matcher's steps.
int safe_find(lua_State* L) {
    charge_numeric_strings(L, 3, 3);
    charge(L, string_search_work(L, true, true));
    return run_original(L);
}
// [-0, +r, e] string.match(s, pattern [, init]): charges the matcher's steps.
int safe_match(lua_State* L) {
    charge_numeric_strings(L, 3, 3);
    charge(L, string_search_work(L, true, false));
    return run_original(L);
}
// [-0, +r, e] string.gsub(s, pattern, repl [, n]): charges the steps and the replacement per match.
int safe_gsub(lua_State* L) {
    charge_numeric_strings(L, 4, 4);
    charge(L, string_search_work(L, true, false) + replacement_work(L));
    return run_original(L);
}
// [-0, +1, e] string.gmatch(s, pattern [, init]): charges the steps; returns the iterator.
int safe_gmatch(lua_State* L) {
    charge_numeric_strings(L, 3, 3);
    charge(L, string_search_work(L, false, false));
    return run_original(L);
}

// string.rep: the library loops n times even when the result is empty ("" repeated 2^50 times).
// [-0, +1, e] string.rep(s, n [, sep]): pushes "" itself for an empty result, else charges and runs the original.
int safe_rep(lua_State* L) {
    charge_numeric_strings(L, 2, 2);
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
    charge(L, static_cast<double>(n) / 8);  // the copy loop (two copies with a separator); the result's bytes are charged as allocation
    return run_original(L);
}

// The table library reads and writes elements with lua_geti/lua_seti, which follow __index and
// __newindex: a chain of 700 tables in front of an array is 700 lookups per element, in C where
// no hook runs (one table.concat ran 471 ms against a 25 ms budget), and a metamethod function
// may lengthen the chain while the call runs, so no charge made before it can bound the work.
// __len is plugin code too, and the library asks it again after the wrapper charged what it said
// the first time: it could answer 1 to the charge and a million to the loop, and put an __index
// chain in place between the two. The table functions therefore take plain tables only: a table
// argument whose metatable has __index, __newindex or __len is a bad argument. A read-only table
// (lua_seal) counts by its contents: its own __index (its contents, one step), __newindex (which
// refuses at once) and __len (its contents' length) are the sandbox's; a metatable the plugin
// gave it before it was sealed counts like any other.
void require_plain_table(lua_State* L, int index) {
    if (lua_type(L, index) != LUA_TTABLE) return;  // the original reports the bad argument
    const int contents = lua_seal::push_contents(L, index);  // +1
    bool plain = true;
    if (lua_getmetatable(L, contents)) {  // +1: what Lua's lookups read, raw (luaT_gettm)
        for (const char* event : {"__index", "__newindex", "__len"}) {
            lua_pushstring(L, event);
            if (lua_rawget(L, -2) != LUA_TNIL) plain = false;
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    if (!plain)
        luaL_argerror(L, index, "a table with an __index, __newindex or __len metamethod; the table functions take plain "
                                "tables only (they would read every element through it in C): copy what you need into a "
                                "plain table");
}

// Length of table argument 1 as the library will see it (a plain table: no __len), or 0 if not a table.
double table_length(lua_State* L) {
    if (lua_type(L, 1) != LUA_TTABLE) return 0;
    return static_cast<double>(luaL_len(L, 1));
}


// table.insert(t, pos, v) and table.remove(t, pos) shift up to #t elements.
// [-0, +0, e] table.insert(t, [pos,] v): charges the shift.
int safe_insert(lua_State* L) {
    require_plain_table(L, 1);
    if (lua_gettop(L) == 3) charge_numeric_strings(L, 2, 2);
    if (lua_gettop(L) == 3) charge(L, table_length(L));
    return run_original(L);
}
// [-0, +1, e] table.remove(t [, pos]): charges the shift.
int safe_remove(lua_State* L) {
    require_plain_table(L, 1);
    charge_numeric_strings(L, 2, 2);
    if (lua_gettop(L) >= 2) charge(L, table_length(L));
    return run_original(L);
}
// table.move(a1, f, e, t [, a2]) moves e - f + 1 elements.
// [-0, +1, e] table.move(a1, f, e, t [, a2]): charges e - f + 1 moves.
int safe_move(lua_State* L) {
    require_plain_table(L, 1);
    if (!lua_isnoneornil(L, 5)) require_plain_table(L, 5);
    charge_numeric_strings(L, 2, 4);
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

// [-0, +0, e] table.sort(t [, comp]): charges n log n and puts a charged comparator at 2 (the stack is cut to 2).
int safe_sort(lua_State* L) {
    require_plain_table(L, 1);
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
// [-0, +1, e] table.concat(t [, sep [, i [, j]]]): charges per element and the separator's bytes.
int safe_concat(lua_State* L) {
    require_plain_table(L, 1);
    charge_numeric_strings(L, 3, 4);
    const double last = lua_isnoneornil(L, 4) ? table_length(L) : integer_arg(L, 4, 0);
    const double n = std::max(last - integer_arg(L, 3, 1) + 1, 0.0);
    charge(L, n + n * arg_length(L, 2) / kBytesPerInstruction);
    return run_original(L);
}

// Functions that look at every byte of string argument 1: string.upper/lower/reverse,
// utf8.len/offset.
// [-0, +r, e] string.upper/lower/reverse, utf8.len/offset: charges the bytes of argument 1.
int safe_bytewise(lua_State* L) {
    charge_numeric_strings(L, 2, 3);  // utf8.len(s, i, j), utf8.offset(s, n, i)
    charge(L, arg_length(L, 1) / kBytesPerStepInstruction);
    return run_original(L);
}

// Functions that push one value per element or byte, at most kMaxResults: a push is cheaper
// than an instruction.
constexpr double kPushesPerInstruction = 4;
// [-0, +r, e] table.unpack(t [, i [, j]]): refuses more than kMaxResults values, charges the pushes.
int safe_unpack(lua_State* L) {
    require_plain_table(L, 1);
    charge_numeric_strings(L, 2, 3);
    const double last = lua_isnoneornil(L, 3) ? table_length(L) : integer_arg(L, 3, 0);
    const double n = last - integer_arg(L, 2, 1) + 1;
    check_results(L, n, "table.unpack");
    charge(L, std::max(n, 0.0) / kPushesPerInstruction);
    return run_original(L);
}
// How many values string.byte(s, i, j) returns (utf8.codepoint at most as many): the bytes from
// i to j (j defaults to i), negative positions counted from the end, clamped to the string.
double byte_range(lua_State* L) {
    const double length = arg_length(L, 1);
    auto position = [&](double p) { return p < 0 ? length + p + 1 : p; };
    const double first = std::max(position(integer_arg(L, 2, 1)), 1.0);
    const double last = std::min(position(lua_isnoneornil(L, 3) ? integer_arg(L, 2, 1) : integer_arg(L, 3, 0)), length);
    return std::max(last - first + 1, 0.0);
}
// [-0, +r, e] string.byte(s [, i [, j]]): refuses more than kMaxResults values, charges the pushes.
int safe_byte(lua_State* L) {
    charge_numeric_strings(L, 2, 3);
    const double n = byte_range(L);
    check_results(L, n, "string.byte");
    charge(L, n / kPushesPerInstruction);
    return run_original(L);
}
// [-0, +r, e] utf8.codepoint(s [, i [, j [, lax]]]): refuses a range of more than kMaxResults
// bytes (one value per character, at most one per byte), charges its bytes.
int safe_codepoint(lua_State* L) {
    charge_numeric_strings(L, 2, 3);
    const double n = byte_range(L);
    check_results(L, n, "utf8.codepoint");
    charge(L, n / kPushesPerInstruction);
    return run_original(L);
}
// [-0, +r, e] select(n, ...): refuses to return more than kMaxResults values.
int safe_select(lua_State* L) {
    const double given = lua_gettop(L) - 1;
    if (lua_type(L, 1) == LUA_TNUMBER || lua_type(L, 1) == LUA_TSTRING) {
        charge_numeric_strings(L, 1, 1);
        int is_integer = 0;
        const lua_Integer n = lua_tointegerx(L, 1, &is_integer);
        if (is_integer) check_results(L, n < 0 ? std::min(static_cast<double>(-n), given) : given - static_cast<double>(n) + 1, "select");
    }
    return run_original(L);
}
// [-0, +1, e] table.pack(...): refuses more than kMaxResults values (a table of that many).
int safe_pack_values(lua_State* L) {
    check_results(L, lua_gettop(L), "table.pack");
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

}  // namespace

void install_charges(lua_State* L) {
    lua_getglobal(L, LUA_STRLIBNAME);
    wrap_library(L, {{"find", safe_find}, {"match", safe_match}, {"gmatch", safe_gmatch}, {"gsub", safe_gsub},
                     {"rep", safe_rep}, {"byte", safe_byte}, {"upper", safe_bytewise}, {"lower", safe_bytewise}, {"reverse", safe_bytewise}});
    lua_getglobal(L, LUA_TABLIBNAME);
    wrap_library(L, {{"insert", safe_insert}, {"remove", safe_remove}, {"move", safe_move}, {"sort", safe_sort},
                     {"concat", safe_concat}, {"unpack", safe_unpack}, {"pack", safe_pack_values}});
    lua_getglobal(L, LUA_UTF8LIBNAME);
    wrap_library(L, {{"codepoint", safe_codepoint}, {"len", safe_bytewise}, {"offset", safe_bytewise}});
    lua_pushglobaltable(L);
    wrap_library(L, {{"select", safe_select}});
    install_text_charges(L);
}

}  // namespace cherries::sdk::lua_library
