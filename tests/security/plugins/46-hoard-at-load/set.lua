-- Keeps 12 MiB alive after loading, so that every other plugin runs out of memory.
local block = ("x"):rep(1000000)
HOARD = {}
for i = 1, 12 do HOARD[i] = block .. i end
return { evil = function(last) return last + #HOARD - 12 end }
