/*
** sets.h -- where parameter sets are built, and building one: shared by cosim
** (a set's lockstep binary) and warpsim-rtl (a set's shared object).
**
** In a checkout, a tool in the build tree uses the compiled-in checkout
** (WG_ROOT: harness/cosim.mk, harness/wg_rtl.h) and build tree (WG_BUILD: the
** harness objects and libraries, and the built sets).  An installed tool
** ('make install', PREFIX/bin, relocatable) finds them beside itself:
** PREFIX/share/warpgen/harness and PREFIX/lib/warpgen, and keeps the sets it
** builds, Verilator's runtime and failure waveforms in a per-user cache:
** $WARPGEN_CACHE, else $XDG_CACHE_HOME/warpgen, else ~/.cache/warpgen.
*/
#ifndef WG_SETS_H
#define WG_SETS_H

#include <limits.h>
#include <stddef.h>

#include "../gen/wg.h"

#define WG_PATH (PATH_MAX + 64)   /* a path and the few folders added to it */
extern char wg_root[WG_PATH], wg_objs[WG_PATH], wg_cache[WG_PATH];

/* fills wg_root, wg_objs, wg_cache for the program TOOL ("cosim"); 0, or -1 (printed) */
int wg_paths_resolve(const char *tool);
int wg_mkdir_p(const char *path);
/* the set's folder: CACHE/sets/BLOCK/PARAMS + TAG */
void wg_set_dir(const wg_config *c, const char *tag, char *dir, size_t n);
/* waits for and takes the set's lock (released by closing the returned fd); -1 on failure */
int wg_set_lock(const char *dir);
/* 'make -f cosim.mk' TARGET (lockstep, rtl.so) in DIR; 0, or the command that failed in err */
int wg_set_make(const char *dir, const char *module, const char *target, int xunique, int user_rtl,
                char *err, size_t n);

#endif
