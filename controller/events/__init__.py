"""The event stream: the schema of every event, and the bus that journals and delivers them."""
