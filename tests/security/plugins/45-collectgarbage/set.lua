-- Stops the collector so memory fills for everyone, or forces full collections each call.
collectgarbage("stop")
return { evil = function(last) return last end }
