/* xl250a.h: the HP XL250a Gen9 node's numbers (src/platform/README.md, "The HP XL250a Gen9
 * node"), each with where it comes from: the xl250a kinds of gen_write.c are made of them, and
 * so is the default anatomy of `collsim platform KIND --sockets S --cores C` (machine_gen.c).
 * Internal to src/platform. */
#ifndef COLLSIM_XL250A_H
#define COLLSIM_XL250A_H

#define XL_CORE_SPEED "40Gf" /* 2.5 GHz x 16 DP flop/cycle (AVX2, 2 FMA units) */
#define XL_CORE_BW "12GBps"  /* one core's copy bandwidth, order of STREAM copy on Haswell-EP */
#define XL_CORE_LAT "100ns"  /* core to shared L3: half of a ~0.25 us intra-socket MPI latency */
#define XL_MEM_BW "68GBps"   /* 4 channels x DDR4-2133 x 8 B = 68.3 GB/s per socket */
#define XL_MEM_LAT "50ns"    /* L3/memory controller crossing */
#define XL_QPI_BW "38.4GBps" /* 2 QPI links x 9.6 GT/s x 2 B per direction */
#define XL_QPI_LAT "250ns"   /* inter-socket MPI latency ~0.5 us in all */
#define XL_NIC_BW "12.5GBps" /* InfiniBand EDR, 100 Gb/s per direction */
#define XL_NIC_LAT "500ns"   /* ~1 us MPI latency node to node through one switch */

#endif
