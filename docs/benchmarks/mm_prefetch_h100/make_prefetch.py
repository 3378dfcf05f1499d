"""Probe (not product): the env's best 4096³ kernel (`../mm_at_h100/best_mm-4096.cl`) edited by hand so that the
next tiles' global loads are issued into registers right after the tile loop's first barrier (register
prefetching), to see what the transformation is worth before building it. Writes prefetch.cl beside the input."""

import re
import sys
from pathlib import Path

src = Path(sys.argv[1]).read_text()
a = re.search(r"float4 vec = (\(\(const global float4\*\)A\)\[[^;]*\]);", src)
b = re.search(r"= (\(\(const global float4\*\)B\)\[[^;]*\]);", src)
ea, eb = a.group(1), b.group(1)
ids = "int l_id_1 = get_local_id(1); int l_id_0 = get_local_id(0);"
nxt = lambda e: re.sub(r"\bi\b", "(i + 1)", e)  # noqa: E731
src = src.replace(a.group(0), "float4 vec = pfA;").replace(b.group(0), "= pfB;")
loop = "      for (int i = 0; i < 512; i++) {  // reduceSeq\n"
assert loop in src
pro = f"      float4 pfA, pfB;\n      {{ {ids} int i = 0; pfA = {ea}; pfB = {eb}; }}\n"
src = src.replace(loop, pro + loop)
bar = "        barrier(CLK_LOCAL_MEM_FENCE);\n"
k = src.index(bar, src.index(loop)) + len(bar)
src = src[:k] + f"        if (i + 1 < 512) {{ {ids} pfA = {nxt(ea)}; pfB = {nxt(eb)}; }}\n" + src[k:]
Path(sys.argv[2]).write_text(src)
