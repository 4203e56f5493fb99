"""A receiver's check of one table's stream of feed messages, for ``feed tail --verify`` and the
pit alike: each event kept once, in the order its hash chain gives, and what is wrong said.

The check follows the chain, not the highest seq seen. A message is kept when it links to one
already kept (its ``prev_hash`` is that message's ``hash``; seq 1 links to 64 zeros). A message
that links to nothing kept (far ahead, as a rogue publisher's seq 1,000,000; after messages the
receiver missed; with a broken link; with a hash its content does not give; another seq 1) is
held apart and said, never taken for the stream's head: the real stream goes on being kept and
checked. A held message is kept once a message links to it (the stream really went on from
there: after a gap, or in a journal begun anew), and what was wrong with it is said then. A
message at a seq already kept is a repeat when its hash and content are the kept one's, else a
conflict, said and dropped: the first one kept stands.

Memory is bounded: the hashes of the last ``REMEMBERED`` seqs kept and ``HELD`` messages held
apart. A message older than what is remembered is taken for a repeat, unchecked (QoS 1 and a
restarted relay deliver again only what the broker had not acknowledged).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from controller.feed.message import recomputed_hash
from controller.journal.chain import GENESIS

# Hashes of the last seqs kept, per table: a repeat reaches back at most the relay's window of
# unacknowledged messages (controller.feed.relay.WINDOW) and the acknowledgements of the second
# before a kill; about 180 kB a table, 90 MB for a pit following 500 tables.
REMEMBERED = 1_000
HELD = 100  # messages held apart, per table


@dataclass
class Verdict:
    """What a receiver does with one message: the ``messages`` to keep now, in seq order (none
    for a repeat or a message held apart; a held one too when this one links to it), the
    ``problems`` found, and whether a journal begun anew starts here (``new_journal``)."""

    messages: list[dict[str, Any]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    new_journal: bool = False


class ChainCheck:
    """One table's stream. ``last_seq``/``last_hash`` (the highest seq kept) anchor the
    journal's end away from the table; a receiver that kept them starts from them again."""

    def __init__(self, last_seq: int = 0, last_hash: str | None = None,
                 first_hash: str | None = None) -> None:
        self._start(last_seq, last_hash, first_hash)
        self._held: dict[str, dict[str, Any]] = {}  # by hash

    def _start(self, last_seq: int, last_hash: str | None, first_hash: str | None) -> None:
        self.last_seq, self.last_hash = last_seq, last_hash
        self.first_hash = first_hash  # seq 1's, once seen
        self._kept: dict[int, str] = {last_seq: last_hash or GENESIS.hex()}
        self._forgotten = last_seq  # below it, nothing is remembered

    def check(self, message: dict[str, Any]) -> Verdict:
        """``message`` has passed ``message_problem``."""
        seq, digest, prev = message["seq"], message["hash"], message["prev_hash"]
        intact = _intact(message)
        if self._held.get(digest) == message:
            return Verdict()  # a repeat of one held apart: said once
        before = self._held.get(prev)
        if before is not None and before["seq"] == seq - 1 and intact:
            return self._take(before, message)
        known = self._kept.get(seq, self.first_hash if seq == 1 else None)
        if known is not None:
            if known == digest and intact:
                return Verdict()  # QoS 1 may deliver a message twice
            if seq == 1 and known != digest:
                return self._hold(message, "another seq 1: a journal begun anew, or not this "
                                           "table's")
            what = (f"another hash ({digest}) than the one kept ({known})" if known != digest
                    else "the hash kept but other content")
            return Verdict(problems=[f"conflict: seq {seq} again with {what}; dropped"])
        if seq < self._forgotten:
            return Verdict()  # older than remembered: a repeat, unchecked
        previous = self._kept.get(seq - 1)
        if previous == prev and intact:
            self._keep(message)
            return Verdict([message])
        if not intact:
            why = "its hash does not match its content"
        elif previous is not None:
            why = f"its prev_hash is not the hash of seq {seq - 1}"
        elif seq > self.last_seq:
            if self.last_seq == 0:
                return self._hold(message, None)  # joining a stream under way: no finding
            why = f"it is {seq - self.last_seq} ahead of seq {self.last_seq}, the last kept"
        else:
            why = f"seq {seq - 1}, which it follows, was never kept"
        return self._hold(message, why)

    def _hold(self, message: dict[str, Any], why: str | None) -> Verdict:
        self._held[message["hash"]] = message
        if len(self._held) > HELD:
            del self._held[next(iter(self._held))]
        return Verdict(problems=[] if why is None else [
            f"seq {message['seq']} held apart until a message follows it: {why}"])

    def _take(self, held: dict[str, Any], message: dict[str, Any]) -> Verdict:
        """``message`` links to ``held``: the stream went on from there. Keeps the run of
        held messages it ends, and says why the run's first was held."""
        run = [held]
        while (earlier := self._held.get(run[0]["prev_hash"])) and (
                earlier["seq"] == run[0]["seq"] - 1):
            run.insert(0, earlier)
        for each in run:
            del self._held[each["hash"]]
        first = run[0]
        verdict = Verdict([*run, message])
        if first["seq"] == 1 and self.last_seq:
            verdict.problems.append(f"a new journal starts at seq 1 after seq {self.last_seq}")
            verdict.new_journal = True
            self._start(0, None, None)  # the old journal's record ends here
        known = self._kept.get(first["seq"] - 1)
        if known is not None and known != first["prev_hash"]:
            verdict.problems.append(
                f"chain broken at seq {first['seq']}: prev_hash {first['prev_hash']} is not "
                f"the hash of seq {first['seq'] - 1} ({known})")
        elif known is None and self.last_seq and first["seq"] > self.last_seq + 1:
            missing = self.last_seq + 1
            verdict.problems.append(f"gap: seq {missing} missing" if missing == first["seq"] - 1
                                    else f"gap: seqs {missing} to {first['seq'] - 1} missing")
        elif known is None and self.last_seq:
            verdict.problems.append(f"seq {first['seq']} came after seq {self.last_seq}")
        verdict.problems += [f"hash of seq {each['seq']} does not match its content"
                             for each in run if not _intact(each)]
        for each in verdict.messages:
            self._keep(each)
        return verdict

    def _keep(self, message: dict[str, Any]) -> None:
        seq = message["seq"]
        self._kept[seq] = message["hash"]
        self._held.pop(message["hash"], None)  # one with this hash but other content
        if len(self._kept) > REMEMBERED:
            oldest = next(iter(self._kept))
            del self._kept[oldest]
            self._forgotten = max(self._forgotten, oldest + 1)
        if seq > self.last_seq:
            self.last_seq, self.last_hash = seq, message["hash"]
        if seq == 1:
            self.first_hash = message["hash"]


def _intact(message: dict[str, Any]) -> bool:
    """Whether the message's content gives its hash (one with a field withheld cannot say)."""
    return bool(message.get("withheld")) or recomputed_hash(message) == message["hash"]
