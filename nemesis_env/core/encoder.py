"""Flat float32 observation layouts made of named pieces, written into preallocated arrays."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import prod

import numpy as np
import numpy.typing as npt


@dataclass(frozen=True, slots=True)
class Piece:
    """One named block of an observation: where it starts, its shape, and what it means."""

    name: str
    offset: int
    shape: tuple[int, ...]
    meaning: str

    @property
    def size(self) -> int:
        return prod(self.shape)


class Layout:
    """An ordered list of pieces; offsets are computed so the pieces tile the tensor exactly."""

    def __init__(self, pieces: Sequence[tuple[str, tuple[int, ...], str]]) -> None:
        built: list[Piece] = []
        offset = 0
        for name, shape, meaning in pieces:
            piece = Piece(name, offset, shape, meaning)
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

    def describe(self) -> str:
        """A Markdown table of the layout, for docs and golden files."""
        rows = ["| piece | offset | shape | meaning |", "|---|---:|---|---|"]
        rows += [f"| {p.name} | {p.offset} | {p.shape} | {p.meaning} |" for p in self.pieces]
        return "\n".join(rows)


def bit_table(bits: int) -> npt.NDArray[np.float32]:
    """Row m holds the `bits` low bits of m as 0/1 floats, so a bitmask encodes in one copy."""
    values = np.arange(1 << bits, dtype=np.int64)[:, None]
    return ((values >> np.arange(bits)) & 1).astype(np.float32)
