"""The game's rules: cards, drawing rules, outcomes, bets, profiles, settlement, exact odds. Pure:
they import nothing that runs."""
