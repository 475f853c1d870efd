# The games' own words: names, variants, bot levels.

# A variant's name as a player reads it: `variant` is its id, which English shows as it is.
variant-name = { $variant }
