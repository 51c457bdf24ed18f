// Reads Lua 5.4's precompiled form (ldump.c's layout) just far enough to see every instruction
// of a function and of the functions nested in it (see lua_bytecode.hpp).
#include "sdk/sandbox/lua_bytecode.hpp"

#include <lua.hpp>

#include <cstdint>
#include <cstring>
#include <string>

#include "sdk/sandbox/lua_library.hpp"

namespace cherries::sdk::lua_bytecode {

namespace {

constexpr int kMaxDepth = 200;  // Lua's own limit on nested functions (LUAI_MAXCCALLS)

// A cursor over the dump; any read past the end turns `ok` off and reads zeros.
struct Reader {
    const unsigned char* at;
    const unsigned char* end;
    bool ok = true;

    bool skip(std::size_t n) {
        if (!ok || static_cast<std::size_t>(end - at) < n) return ok = false;
        at += n;
        return true;
    }
    unsigned byte() {
        if (!skip(1)) return 0;
        return at[-1];
    }
    // ldump.c's dumpSize: 7 bits a byte, most significant first, the last byte marked by 0x80.
    std::size_t size() {
        std::size_t x = 0;
        for (;;) {
            const unsigned b = byte();
            if (!ok) return 0;
            if (x > (SIZE_MAX >> 7)) {
                ok = false;
                return 0;
            }
            x = (x << 7) | (b & 0x7f);
            if (b & 0x80) return x;
        }
    }
    // A count of items of at least `each` bytes: refused when the rest of the dump cannot hold them.
    std::size_t count(std::size_t each) {
        const std::size_t n = size();
        if (ok && each > 0 && n > static_cast<std::size_t>(end - at) / each) ok = false;
        return ok ? n : 0;
    }
    void string() {
        const std::size_t n = size();  // 0: no string; otherwise its length + 1
        if (n > 0) skip(n - 1);
    }
};

// The header lua_dump writes on this machine (ldump.c dumpHeader).
std::string expected_header() {
    std::string h = LUA_SIGNATURE;
    h += static_cast<char>(LUA_VERSION_NUM / 100 * 16 + LUA_VERSION_NUM % 100);  // LUAC_VERSION
    h += '\0';                                                                   // LUAC_FORMAT
    h += "\x19\x93\r\n\x1a\n";                                                   // LUAC_DATA
    h += static_cast<char>(sizeof(std::uint32_t));                              // Instruction
    h += static_cast<char>(sizeof(lua_Integer));
    h += static_cast<char>(sizeof(lua_Number));
    const lua_Integer luac_int = 0x5678;
    const lua_Number luac_num = 370.5;
    h.append(reinterpret_cast<const char*>(&luac_int), sizeof luac_int);
    h.append(reinterpret_cast<const char*>(&luac_num), sizeof luac_num);
    return h;
}

// One function (ldump.c dumpFunction); sets `assigns` on an OP_SETUPVAL in it or below it.
void function(Reader& r, int depth, bool& assigns) {
    if (depth > kMaxDepth) {
        r.ok = false;
        return;
    }
    r.string();  // source
    r.size();    // linedefined
    r.size();    // lastlinedefined
    r.skip(3);   // numparams, is_vararg, maxstacksize
    const std::size_t code = r.count(4);
    for (std::size_t i = 0; i < code && r.ok; ++i, r.at += 4) {
        std::uint32_t instruction = 0;
        std::memcpy(&instruction, r.at, 4);
        if ((instruction & 0x7f) == kSetUpvalue) assigns = true;
    }
    const std::size_t constants = r.count(1);
    for (std::size_t i = 0; i < constants && r.ok; ++i) {
        switch (r.byte()) {
            case 0: case 1: case 17: break;           // nil, false, true
            case 3: case 19: r.skip(8); break;        // integer, float
            case 4: case 20: r.string(); break;       // short, long string
            default: r.ok = false;
        }
    }
    r.skip(3 * r.count(3));  // upvalues: instack, idx, kind
    const std::size_t protos = r.count(1);
    for (std::size_t i = 0; i < protos && r.ok; ++i) function(r, depth + 1, assigns);
    r.skip(r.count(1));  // line info
    const std::size_t absolute = r.count(2);
    for (std::size_t i = 0; i < absolute && r.ok; ++i) {
        r.size();
        r.size();
    }
    const std::size_t locals = r.count(3);
    for (std::size_t i = 0; i < locals && r.ok; ++i) {
        r.string();
        r.size();
        r.size();
    }
    const std::size_t names = r.count(1);
    for (std::size_t i = 0; i < names && r.ok; ++i) r.string();
}

int append(lua_State*, const void* bytes, std::size_t size, void* out) {
    static_cast<std::string*>(out)->append(static_cast<const char*>(bytes), size);
    return 0;
}

}  // namespace

std::optional<bool> assigns_upvalue(std::string_view dump) noexcept {
    try {
        static const std::string header = expected_header();
        if (dump.substr(0, header.size()) != header) return std::nullopt;
        Reader r{reinterpret_cast<const unsigned char*>(dump.data()) + header.size(),
                 reinterpret_cast<const unsigned char*>(dump.data()) + dump.size()};
        r.byte();  // the closure's number of upvalues
        bool assigns = false;
        function(r, 0, assigns);
        if (!r.ok || r.at != r.end) return std::nullopt;
        return assigns;
    } catch (...) {  // the header's one allocation
        return std::nullopt;
    }
}

std::optional<std::string> dump_function(lua_State* L, int index, bool strip) {
    if (lua_iscfunction(L, index)) return std::nullopt;
    index = lua_absindex(L, index);
    std::string dump;
    lua_pushvalue(L, index);
    const int status = lua_dump(L, append, &dump, strip ? 1 : 0);
    lua_pop(L, 1);
    if (status != 0) return std::nullopt;
    return dump;
}

bool function_may_assign_upvalue(lua_State* L, int index) {
    if (lua_iscfunction(L, index)) return false;
    const std::optional<std::string> dump = dump_function(L, index, true);
    if (!dump) return true;
    lua_library::charge(L, static_cast<double>(dump->size()) / 16);
    return may_assign_upvalue(*dump);
}

}  // namespace cherries::sdk::lua_bytecode
