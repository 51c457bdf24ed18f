-- Compares two distinct megabyte strings that differ in the last byte: one VM instruction,
-- a megabyte of memcmp. Strings are capped at 1 MiB so this is as bad as it gets.
-- (The 999,999 x's are built from a 1,000-byte piece: one byte at a time is a million memcpy
-- calls, which under AddressSanitizer alone cost the 25 ms a plugin may spend at load.)
local x = ("x"):rep(1000):rep(999) .. ("x"):rep(999)
local a = x .. "a"
local b = x .. "b"
local M = {}
function M.evil(last)
  local n = 0
  while true do if a == b or a < b then n = n + 1 end end
end
return M
