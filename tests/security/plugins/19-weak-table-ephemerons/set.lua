-- A long chain of ephemerons (weak-keyed entries whose value is the next key) in random order
-- makes the garbage collector's atomic step quadratic: an innocent plugin's allocation could
-- then hang for minutes. Tries the late __mode trick at load, then a direct weak table. The
-- chain has 2,000 links, not 8,000: what is checked is the refusal of __mode, and building 8,000
-- took enough of the 25 ms load net that a loaded VM once pushed it over in the suite.
local mt = {}
local chain = setmetatable({}, mt)
mt.__mode = "k"                             -- added after setmetatable: the copy never sees it
local keys = {}
for i = 1, 2000 do keys[i] = {} end
local x = 12345
for i = #keys, 2, -1 do
  x = (x * 1103515245 + 12345) % 2147483648
  local j = x % i + 1
  keys[i], keys[j] = keys[j], keys[i]
end
for i = 1, #keys - 1 do chain[keys[i]] = keys[i + 1] end
ROOT = keys[1]
keys = nil
local M = {}
function M.evil(last)
  local weak = setmetatable({}, { __mode = "k" })
  return last
end
return M
