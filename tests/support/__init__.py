"""What the tests share besides fixtures (those are in tests/conftest.py): a clock the test
moves, chained feed messages, and the leak guard's inventory."""
