# The odds' own words: how a chance was found, as the odds panel names it.

odds-exact = exact
odds-monte-carlo = monte-carlo
