import json
import sys

for line in sys.stdin:
    if not line.startswith("{"):
        print(line.rstrip()[:200])
        continue
    r = json.loads(line)
    p = r.get("ptx", {})
    regs = (r.get("ptxas") or [""])[-1].split("Used ")[-1].split(" registers")[0] if r.get("ptxas") else ""
    print(
        f"{r['label'][:60]:60s} {r.get('gflops', 0):8.0f} {str(r.get('status', ''))[:50]:8s} r={regs} "
        f"lds4={p.get('ld.shared.v4.f32')} lds={p.get('ld.shared.f32')} ldg4={p.get('ld.global.nc.v4.f32')} "
        f"ldg={p.get('ld.global.nc.f32')} stg4={p.get('st.global.v4.f32')} stg={p.get('st.global.f32')}"
    )
