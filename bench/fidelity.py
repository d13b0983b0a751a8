"""fidelity.py NAME max|avg MEASURED.csv SIMULATED.csv: bench/fidelity's tables for one data
set. Joins the measured cells (averaged over their repeated runs) with the simulated ones on
collective, algorithm, placement, process count and size; prints per cell, then per collective
and algorithm, the median and 90th percentile of the relative error of the simulated time
against the measured column named (max: OSU's Max, the slowest rank's mean, against collsim's
avg_s; avg: OSU's Avg, the mean over ranks, against collsim's rank_avg_s),
and the share of (placement, processes, size) cells whose simulated best algorithm is the
measured best or within 10% of it (algorithm 0, the library's own choice, is left out)."""
import sys

import pandas as pd

KEYS = ["collective", "algorithm", "placement", "np", "size_bytes"]


def joined(measured_path, simulated_path, against):
    meas = pd.read_csv(measured_path)
    meas = meas.groupby(KEYS, as_index=False)[["avg_us", "max_us"]].mean()
    meas["measured_us"] = meas[f"{against}_us"]
    sim = pd.read_csv(simulated_path).rename(columns={"bytes": "size_bytes"})
    both = sim.merge(meas, on=KEYS, how="inner")
    both["sim_us"] = both.sim_us if against == "max" else both.sim_rank_avg_us
    if both.empty:
        sys.exit("fidelity: no simulated cell has a measured one")
    both["err"] = (both.sim_us / both.measured_us - 1) * 100
    both["abs_err"] = both.err.abs()
    return both


def summary(part):
    return pd.Series({
        "points": len(part),
        "median_err": part.err.median(),
        "median_abs": part.abs_err.median(),
        "p90_abs": part.abs_err.quantile(0.9),
        "within_25": (part.abs_err <= 25).mean() * 100,
    })


def best_share(both):
    """Per collective: cells with at least two algorithms, and the share where the simulated
    fastest algorithm's measured time is within 10% of the measured fastest."""
    rows = []
    algos = both[both.algorithm != 0]
    for coll, part in algos.groupby("collective"):
        hits = cells = 0
        for _, cell in part.groupby(["placement", "np", "size_bytes"]):
            if len(cell) < 2:
                continue
            cells += 1
            picked = cell.loc[cell.sim_us.idxmin()]
            hits += picked.measured_us <= 1.10 * cell.measured_us.min()
        rows.append((coll, cells, 100.0 * hits / cells if cells else float("nan")))
    return rows


def main(name, against, measured_path, simulated_path):
    both = joined(measured_path, simulated_path, against)
    pd.set_option("display.width", 160)
    print(f"# {name}: relative error (%) of collsim's time against the measured "
          f"{'Max (the slowest rank' if against == 'max' else 'Avg (the mean over ranks'}"
          "'s mean time), per cell: median and 90th percentile of |error| over the sizes")
    cells = both.groupby(KEYS[:4]).apply(summary)
    print(cells.round(1).to_string())
    print(f"\n# {name}, per algorithm (every placement, process count and size)")
    per_algo = both.groupby(["collective", "algorithm"]).apply(summary)
    print(per_algo.round(1).to_string())
    total = summary(both)
    print(f"# {name}, all: {int(total.points)} points, |error| median {total.median_abs:.1f}%, "
          f"90th percentile {total.p90_abs:.1f}%, within 25%: {total.within_25:.0f}%")
    for coll, n, share in best_share(both):
        print(f"# {name}, {coll}: simulated best algorithm measured best or within 10% in "
              f"{share:.0f}% of {n} cells")
    print()


if __name__ == "__main__":
    if len(sys.argv) != 5 or sys.argv[2] not in ("max", "avg"):
        sys.exit("usage: fidelity.py NAME max|avg MEASURED.csv SIMULATED.csv")
    main(*sys.argv[1:])
