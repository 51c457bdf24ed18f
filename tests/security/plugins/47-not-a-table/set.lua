-- Returns a function instead of a table of functions.
return function(last) return last end
