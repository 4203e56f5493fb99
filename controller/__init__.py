"""The table controller: cards, rules, rounds, settlement, roads and the journal. No Qt here."""
