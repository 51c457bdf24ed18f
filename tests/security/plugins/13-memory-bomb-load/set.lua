-- Asks for a terabyte while loading.
local huge = string.rep("x", 2^40)
return { evil = function(last) return #huge end }
