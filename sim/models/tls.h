/*
** tls.h -- C reference model of Gebhart's two-level warp scheduler (block
** 'tls'; ISCA'11 3.2, 5.2).  Cycle-exact against the
** generated RTL; the contract is docs/design.md's "C model contract", the rules
** in docs/blocks/tls.md.
**
** A performance model drives it once per cycle:
**   tls_eval(&s, &in, &out);  // this cycle: out.issue / out.demote / out.retire
**                             // with out.pick_slot, out.promote with promote_slot
**   ... issue, or flush rfc slot out.pick_slot on demote/retire ...
**   tls_tick(&s, &in);        // the clock edge
** The in/out structs are the generated tls_in/tls_out (tls_io.h).
*/
#ifndef TLS_MODEL_H
#define TLS_MODEL_H

#include "tls_io.h"

#define TLS_MAX_WARPS  TLS_WARPS_MAX   /* from tls_io.h */
#define TLS_MAX_ACTIVE TLS_ACTIVE_MAX

typedef struct tls_model {
  tls_params p;
  int      W, A, WB;
  uint64_t wmask;                 /* WARPS ones */
  uint32_t amask;                 /* ACTIVE ones */
  /* state = the RTL's registers */
  uint32_t slot_warp[TLS_MAX_ACTIVE];
  uint32_t slot_valid, slot_resume;   /* per slot bits */
  uint64_t pend, act;                 /* per warp bits */
  uint32_t cur, rr;
} tls_model;

int  tls_init (tls_model *m, const tls_params *p);   /* 0 ok, -1 illegal p */
void tls_reset(tls_model *m);
void tls_eval (const tls_model *m, const tls_in *in, tls_out *out);
void tls_tick (tls_model *m, const tls_in *in);
void tls_step(tls_model *m, const tls_in *in, tls_out *out);   /* eval, then tick, one decision */

#endif
