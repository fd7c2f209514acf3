/* sets.c -- where parameter sets are built, and building one (see sets.h). */
#define _XOPEN_SOURCE 700
#include "sets.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef WG_ROOT
#error "build with -DWG_ROOT=\"/path/to/checkout\""
#endif
#ifndef WG_BUILD
#error "build with -DWG_BUILD=\"/path/to/build\""
#endif
#ifndef WG_SAN
#define WG_SAN 0
#endif

char wg_root[WG_PATH], wg_objs[WG_PATH], wg_cache[WG_PATH];

int wg_mkdir_p(const char *path) {
  char p[2 * WG_PATH];
  snprintf(p, sizeof p, "%s", path);
  for (char *s = p + 1; *s; s++)
    if (*s == '/') { *s = 0; if (mkdir(p, 0777) && errno != EEXIST) return -1; *s = '/'; }
  return mkdir(p, 0777) && errno != EEXIST ? -1 : 0;
}

int wg_paths_resolve(const char *tool) {
  char exe[PATH_MAX], build[PATH_MAX];
  ssize_t k = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (k <= 0) { fprintf(stderr, "%s: cannot read /proc/self/exe\n", tool); return -1; }
  exe[k] = 0;
  char *slash = strrchr(exe, '/');
  *slash = 0;                                       /* exe: the folder holding the tool */
  char dir[PATH_MAX], mk[2 * WG_PATH];
  snprintf(dir, sizeof dir, "%s", exe);
  slash = strrchr(dir, '/');
  if (slash) *slash = 0;                            /* dir: PREFIX, if installed */
  snprintf(mk, sizeof mk, "%s/share/warpgen/harness/cosim.mk", dir);
  /* the build tree's tool (also through a symbolic link), unless an installation is beside it;
  ** an installed tool never looks at the checkout it was built in */
  int in_build = !strcmp(exe, WG_BUILD) || (access(mk, R_OK) && realpath(WG_BUILD, build) && !strcmp(build, exe));
  if (in_build) {
    snprintf(wg_root, sizeof wg_root, "%s", WG_ROOT);
    snprintf(wg_objs, sizeof wg_objs, "%s", WG_BUILD);
    snprintf(wg_cache, sizeof wg_cache, "%s", WG_BUILD);
    return 0;
  }
  if (access(mk, R_OK)) {
    fprintf(stderr, "%s: not in its build tree (%s) and no installation beside it: %s is missing "
            "(run 'make install PREFIX=...' again)\n", tool, WG_BUILD, mk);
    return -1;
  }
  snprintf(wg_root, sizeof wg_root, "%s/share/warpgen", dir);
  snprintf(wg_objs, sizeof wg_objs, "%s/lib/warpgen", dir);
  const char *c = getenv("WARPGEN_CACHE"), *x = getenv("XDG_CACHE_HOME"), *h = getenv("HOME");
  if (c && *c) snprintf(wg_cache, sizeof wg_cache, "%s", c);
  else if (x && *x) snprintf(wg_cache, sizeof wg_cache, "%s/warpgen", x);
  else if (h && *h) snprintf(wg_cache, sizeof wg_cache, "%s/.cache/warpgen", h);
  else { fprintf(stderr, "%s: no cache folder: set WARPGEN_CACHE (or HOME)\n", tool); return -1; }
  if (wg_mkdir_p(wg_cache)) { fprintf(stderr, "%s: cannot create the cache %s\n", tool, wg_cache); return -1; }
  return 0;
}

void wg_set_dir(const wg_config *c, const char *tag, char *dir, size_t n) {
  char ps[512];
  wg_config_string(c, ps, sizeof ps, "_");
  snprintf(dir, n, "%s/sets/%s/%s%s", wg_cache, c->blk->name, ps, tag);
}

/* Parallel jobs may pick the same parameter set: one generates and builds it
** while the others wait (POSIX record lock, released at close or exit). */
int wg_set_lock(const char *dir) {
  char path[3 * WG_PATH];
  snprintf(path, sizeof path, "%s", dir);
  char *slash = strrchr(path, '/');
  if (slash) { *slash = 0; if (wg_mkdir_p(path)) return -1; }
  snprintf(path, sizeof path, "%s.lock", dir);
  int fd = open(path, O_RDWR | O_CREAT, 0666);
  struct flock lk = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
  if (fd < 0 || fcntl(fd, F_SETLKW, &lk) != 0) {
    if (fd >= 0) close(fd);
    return -1;
  }
  return fd;
}

int wg_set_make(const char *dir, const char *module, const char *target, int xunique, int user_rtl,
                char *err, size_t n) {
  char cmd[10 * WG_PATH];
  snprintf(cmd, sizeof cmd, "make -s --no-print-directory -f '%s/harness/cosim.mk' ROOT='%s' BUILD='%s' CACHE='%s' "
           "DIR='%s' MODULE=%s XU=%d SAN=%d USER_RTL=%d '%s/%s'", wg_root, wg_root, wg_objs, wg_cache, dir, module,
           xunique, WG_SAN, user_rtl, dir, target);
  fflush(stdout);
  if (system(cmd) != 0) {
    snprintf(err, n, "building %s failed (%s)", dir, cmd);
    return -1;
  }
  return 0;
}
