-- Keeps 9 MB alive after loading (a quarter of the 32 MiB limit is 8 MiB), so that every other
-- plugin runs out of memory.
local block = ("x"):rep(1000000)
HOARD = {}
for i = 1, 9 do HOARD[i] = block .. i end
return { evil = function(last) return last + #HOARD - 9 end }
