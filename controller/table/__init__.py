"""The running table: its state machine, the controller, operator actions, the supervisor gate, the
loop, restart from the journal (the view consumers keep: controller.view)."""
