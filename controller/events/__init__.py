"""The event stream: one typed fact per event (facts), the one codec between them and the wire
(codec), and the bus that journals and delivers them (stream)."""
