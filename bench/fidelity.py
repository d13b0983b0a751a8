"""fidelity.py MEASURED.csv SIMULATED.csv: bench/fidelity's table. Joins the measured cells
(averaged over their repeated runs) with the simulated ones on collective, algorithm, placement,
process count and size, and prints per cell and over all the median and largest relative error
of the simulated time against the measured Max (and the median against Avg)."""
import sys

import pandas as pd


def main(measured_path, simulated_path):
    meas = pd.read_csv(measured_path)
    sim = pd.read_csv(simulated_path)
    keys = ["collective", "algorithm", "placement", "np", "size_bytes"]
    meas = meas.groupby(keys, as_index=False)[["avg_us", "max_us"]].mean()
    sim = sim.rename(columns={"bytes": "size_bytes"})
    both = sim.merge(meas, on=keys, how="inner")
    if both.empty:
        sys.exit("fidelity: no simulated cell has a measured one")
    both["err_max"] = (both.sim_us / both.max_us - 1) * 100
    both["err_avg"] = (both.sim_us / both.avg_us - 1) * 100
    both["abs_max"] = both.err_max.abs()
    cells = both.groupby(keys[:4]).agg(
        sizes=("size_bytes", "size"),
        median_err_max=("err_max", "median"),
        worst_err_max=("err_max", lambda e: e.loc[e.abs().idxmax()]),
        median_err_avg=("err_avg", "median"))
    pd.set_option("display.width", 160)
    print("# simulated against measured, per cell: relative error (%) of collsim's time "
          "against OSU's Max (the slowest rank's mean), median and the largest in size; "
          "the median against Avg")
    print(cells.round(1).to_string())
    print()
    for name, part in [("all", both)] + list(both.groupby("collective")):
        print(f"# {name}: {len(part)} points, |error| against Max: median "
              f"{part.abs_max.median():.1f}%, 90th percentile {part.abs_max.quantile(0.9):.1f}%, "
              f"largest {part.abs_max.max():.1f}%; points within 25%: "
              f"{(part.abs_max <= 25).mean() * 100:.0f}%")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
