"""Private Numba kernels: they see only integers and NumPy arrays.

Card ids, 64-bit hand keys and 52-bit card masks come in; counts go out into
arrays the caller allocated. Every kernel documents its parameters where it
is defined (what each array holds, its layout), and every module here is
compiled under one policy (:mod:`pokercli._kernels.jit`). The typed Python API
(:mod:`pokercli.evaluate`, :mod:`pokercli.equity_calc`, ...) checks input
before a kernel sees it: kernels index tables with what they are given and
check nothing.
"""
