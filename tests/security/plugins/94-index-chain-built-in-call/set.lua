-- The chain built in the call; the first element read swaps it in through an __index function.
local M = {}
function M.evil(last)
  local array = {}
  for i = 1, 1000 do array[i] = "x" end
  local chain = array
  for _ = 1, 700 do chain = setmetatable({}, { __index = chain }) end
  local front = {}
  setmetatable(front, { __index = function(t, k)
    setmetatable(t, { __index = chain })
    return chain[k]
  end })
  local n = 0
  while true do n = n + #table.concat(front, "", 1, 1000) end
end
return M
