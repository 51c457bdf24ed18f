-- Compares two distinct megabyte strings that differ in the last byte: one VM instruction,
-- a megabyte of memcmp. Strings are capped at 1 MiB so this is as bad as it gets.
local a = ("x"):rep(1000000 - 1) .. "a"
local b = ("x"):rep(1000000 - 1) .. "b"
local M = {}
function M.evil(last)
  local n = 0
  while true do if a == b or a < b then n = n + 1 end end
end
return M
