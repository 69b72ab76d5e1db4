"""Flat float32 observation layouts made of named pieces, written into preallocated arrays."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import prod
from typing import Any

import numpy as np
import numpy.typing as npt


@dataclass(frozen=True, slots=True)
class Piece:
    """One named block of an observation: where it starts, its shape, what it means, and the
    bounds of its values (the observation space's Box is built from them)."""

    name: str
    offset: int
    shape: tuple[int, ...]
    meaning: str
    low: float = 0.0
    high: float = 1.0

    @property
    def size(self) -> int:
        return prod(self.shape)


class Layout:
    """An ordered list of pieces; offsets are computed so the pieces tile the tensor exactly."""

    def __init__(self, pieces: Sequence[tuple[Any, ...]]) -> None:
        """Each piece is (name, shape, meaning) with values in [0, 1], or
        (name, shape, meaning, low, high)."""
        built: list[Piece] = []
        offset = 0
        for name, shape, meaning, *bounds in pieces:
            low, high = (float(bounds[0]), float(bounds[1])) if bounds else (0.0, 1.0)
            if not low <= high:
                raise ValueError(f"piece {name!r}: low {low} above high {high}")
            piece = Piece(name, offset, tuple(shape), meaning, low, high)
            built.append(piece)
            offset += piece.size
        self.pieces: tuple[Piece, ...] = tuple(built)
        self.size = offset
        self.by_name = {p.name: p for p in built}
        if len(self.by_name) != len(built):
            raise ValueError("duplicate piece name in layout")

    def slice(self, name: str) -> slice:
        piece = self.by_name[name]
        return slice(piece.offset, piece.offset + piece.size)

    def views(self, tensor: npt.NDArray[np.float32]) -> dict[str, npt.NDArray[np.float32]]:
        """Named numpy views into `tensor` (assign with [...] only, never rebind)."""
        if tensor.shape != (self.size,):
            raise ValueError(f"tensor has shape {tensor.shape}, layout needs ({self.size},)")
        return {p.name: tensor[p.offset : p.offset + p.size].reshape(p.shape) for p in self.pieces}

    def bounds(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        """Per-element low and high of the whole tensor, piece by piece."""
        low = np.empty(self.size, dtype=np.float32)
        high = np.empty(self.size, dtype=np.float32)
        for p in self.pieces:
            low[p.offset : p.offset + p.size] = p.low
            high[p.offset : p.offset + p.size] = p.high
        return low, high

    def describe(self) -> str:
        """A Markdown table of the layout, for docs and golden files."""
        rows = ["| piece | offset | shape | meaning |", "|---|---:|---|---|"]
        rows += [f"| {p.name} | {p.offset} | {p.shape} | {p.meaning} |" for p in self.pieces]
        return "\n".join(rows)


def bit_table(bits: int) -> npt.NDArray[np.float32]:
    """Row m holds the `bits` low bits of m as 0/1 floats, so a bitmask encodes in one copy."""
    values = np.arange(1 << bits, dtype=np.int64)[:, None]
    return ((values >> np.arange(bits)) & 1).astype(np.float32)


ARG_BITS = 8
"""Bits of one decision argument in an observation: indices 0..255 fit, enough for any room of
a Nemesis ship, any card of a deck, any seat (a one-hot of that size would cost 256 floats)."""


def binary_codes(bits: int = ARG_BITS) -> tuple[bytes, ...]:
    """Entry m is the little-endian float32 bytes of m's `bits` low bits (bit 0 first): the
    encoding of an index argument, looked up in one step."""
    return tuple(row.astype("<f4").tobytes() for row in bit_table(bits))


def index_code(codes: tuple[bytes, ...], value: int, what: str) -> bytes:
    """The code of `value`; an index outside the table is a bug in the caller, named here."""
    if not 0 <= value < len(codes):
        raise ValueError(f"{what} = {value} does not fit an argument code (0..{len(codes) - 1})")
    return codes[value]
