# Oddsens egna ord: hur en chans togs fram.

odds-exact = exakt
odds-monte-carlo = uppskattat
