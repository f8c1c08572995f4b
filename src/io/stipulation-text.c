/* stipulation-text.c — a stipulation explained in one sentence, for the
 * window's stipulation field.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The sentences follow docs/rules/stipulations.md: who moves first, how long
 * each part is, what ends the play.  A goal is a verb ("mate", "give
 * check") that each play's sentence puts in its place.
 */
#include "stipulation-text.h"
#include "core/model/position.h"

#include "core/model/fe-i18n.h"

/* The goal as a verb: "Black is forced to %s", "White can %s". */
static char *
goal_text (FeGoal goal, guint8 target)
{
  switch (goal)
    {
    case FE_GOAL_MATE:
      return g_strdup (_("mate"));
    case FE_GOAL_STALEMATE:
      return g_strdup (_("stalemate"));
    case FE_GOAL_DOUBLE_STALEMATE:
      return g_strdup (_("reach a double stalemate"));
    case FE_GOAL_ANY:
      return g_strdup (_("make any move"));
    case FE_GOAL_CAPTURE:
      return g_strdup (_("capture"));
    case FE_GOAL_CAPTURE_NO_REBIRTH:
      return g_strdup (_("capture a piece that is not reborn"));
    case FE_GOAL_CHECK:
      return g_strdup (_("give check"));
    case FE_GOAL_TARGET:
      {
        char square[3];
        fe_square_name (target, square);
        return g_strdup_printf (_("bring the moving piece to %s"), square);
      }
    case FE_GOAL_CASTLING:
      return g_strdup (_("castle"));
    case FE_GOAL_POSITION:
      return g_strdup (_("reach the target position"));
    case FE_GOAL_COUNTER_MATE:
      return g_strdup (_("give mate and be mated at once"));
    case FE_GOAL_DOUBLE_MATE:
      return g_strdup (_("mate both kings at once"));
    case FE_GOAL_MATE_OR_STALEMATE:
      return g_strdup (_("mate or stalemate"));
    case FE_GOAL_AUTO_STALEMATE:
      return g_strdup (_("stalemate itself"));
    case FE_GOAL_AUTO_MATE:
      return g_strdup (_("mate itself"));
    case FE_GOAL_EN_PASSANT:
      return g_strdup (_("capture en passant"));
    case FE_GOAL_CIRCUIT:
      return g_strdup (_("bring a piece back to its square"));
    case FE_GOAL_CIRCUIT_BY_REBIRTH:
      return g_strdup (_("bring a piece back to its square by a rebirth"));
    case FE_GOAL_EXCHANGE:
      return g_strdup (_("make two pieces exchange their squares"));
    case FE_GOAL_EXCHANGE_BY_REBIRTH:
      return g_strdup (_("make two pieces exchange their squares by a rebirth"));
    case FE_GOAL_PROOF_GAME:
      return g_strdup (_("reach the diagram from the game array"));
    case FE_GOAL_CHESS81:
      return g_strdup (_("reach the Chess81 goal"));
    case FE_GOAL_KISS:
      {
        char square[3];
        fe_square_name (target, square);
        /* the moving piece alone next to it (docs/rules/stipulations.md §8.5) */
        return g_strdup_printf (_("kiss the piece of %s, nothing else next to it"), square);
      }
    case FE_N_GOALS:
      break;
    }
  return g_strdup ("?");
}

/* Help play's length: "2 moves", "2½ moves", "½ move". */
static char *
length_text (int half_moves)
{
  int whole = half_moves / 2;
  if (half_moves % 2 == 0)
    return g_strdup_printf (g_dngettext ("feerie", "%d move", "%d moves", whole), whole);
  if (whole == 0)
    return g_strdup (_("½ move"));
  return g_strdup_printf (_("%d½ moves"), whole);
}

/* The compositions whose sentence has one count n (its plural chosen by
 * n) and the goal: "%1$d", "%2$s". */
typedef struct {
  FePlay play;
  FeEnd end;
  const char *one, *many;
} Counted;

/* Marks a singular and plural pair for xgettext (po/meson.build). */
#define NG_(one, many) one, many

static const Counted counted[] = {
  { FE_PLAY_DIRECT, FE_END_GOAL, NG_ ("White moves first and can %2$s in %1$d move against any defence.",
                         "White moves first and can %2$s in %1$d moves against any defence.") },
  { FE_PLAY_DIRECT, FE_END_SELF, NG_ ("White moves first and forces Black to %2$s within %1$d move.",
                       "White moves first and forces Black to %2$s within %1$d moves.") },
  { FE_PLAY_DIRECT, FE_END_REFLEX, NG_ ("White moves first and forces Black to %2$s within %1$d move; whichever "
                         "side can %2$s in one move must.",
                         "White moves first and forces Black to %2$s within %1$d moves; whichever "
                         "side can %2$s in one move must.") },
  { FE_PLAY_SERIES, FE_END_GOAL, NG_ ("White plays %1$d move in a row, Black not moving, and the last must %2$s; "
                         "no check before it.",
                         "White plays %1$d moves in a row, Black not moving, and the last must "
                         "%2$s; no check before it.") },
  { FE_PLAY_SERIES, FE_END_HELP, NG_ ("Black plays %1$d move in a row, White not moving, then White can "
                              "%2$s in one move.",
                              "Black plays %1$d moves in a row, White not moving, then White can "
                              "%2$s in one move.") },
  { FE_PLAY_SERIES, FE_END_SELF, NG_ ("White plays %1$d move in a row, Black not moving, then Black is "
                              "forced to %2$s in one move.",
                              "White plays %1$d moves in a row, Black not moving, then Black is "
                              "forced to %2$s in one move.") },
  { FE_PLAY_SERIES, FE_END_REFLEX, NG_ ("White plays %1$d move in a row, Black not moving, then Black can "
                                "%2$s in one move and must; Black must do it earlier whenever it "
                                "can, and White must never be able to.",
                                "White plays %1$d moves in a row, Black not moving, then Black can "
                                "%2$s in one move and must; Black must do it earlier whenever it "
                                "can, and White must never be able to.") },
  { FE_PLAY_DIRECT, FE_END_SEMI_REFLEX,
    NG_ ("White moves first and forces Black to %2$s within %1$d move; Black must do it whenever "
         "it can.",
         "White moves first and forces Black to %2$s within %1$d moves; Black must do it whenever "
         "it can.") },
};

/* Parry series (docs/rules/stipulations.md §12), by kind of parry and end:
 * the same count and goal. */
typedef struct {
  FeParry parry;
  FeEnd end;
  const char *one, *many;
} Parried;

static const Parried parried[] = {
  { FE_PARRY_BATTLE, FE_END_GOAL,
    NG_ ("White plays %1$d move in a row, Black moving only to parry a check, and the last must "
         "%2$s whatever Black parries.",
         "White plays %1$d moves in a row, Black moving only to parry a check, and the last "
         "must %2$s whatever Black parries.") },
  { FE_PARRY_BATTLE, FE_END_SELF,
    NG_ ("White plays %1$d move in a row, Black moving only to parry a check, then Black is forced "
         "to %2$s in one move, whatever Black parries.",
         "White plays %1$d moves in a row, Black moving only to parry a check, then Black is "
         "forced to %2$s in one move, whatever Black parries.") },
  { FE_PARRY_BATTLE, FE_END_REFLEX,
    NG_ ("White plays %1$d move in a row, Black moving only to parry a check, then Black can %2$s "
         "in one move and must, whatever Black parries; White must never be able to.",
         "White plays %1$d moves in a row, Black moving only to parry a check, then Black "
         "can %2$s in one move and must, whatever Black parries; White must never be able to.") },
  { FE_PARRY_HELP, FE_END_HELP,
    NG_ ("Black plays %1$d move in a row, White moving only to parry a check and helping, then "
         "White can %2$s in one move.",
         "Black plays %1$d moves in a row, White moving only to parry a check and helping, then "
         "White can %2$s in one move.") },
  { FE_PARRY_HELP, FE_END_GOAL,
    NG_ ("White plays %1$d move in a row, Black moving only to parry a check and helping, and the "
         "last must %2$s.",
         "White plays %1$d moves in a row, Black moving only to parry a check and helping, and the "
         "last must %2$s.") },
  { FE_PARRY_HELP, FE_END_SELF,
    NG_ ("White plays %1$d move in a row, Black moving only to parry a check and helping, then "
         "Black is forced to %2$s in one move.",
         "White plays %1$d moves in a row, Black moving only to parry a check and helping, then "
         "Black is forced to %2$s in one move.") },
  { FE_PARRY_HELP, FE_END_REFLEX,
    NG_ ("White plays %1$d move in a row, Black moving only to parry a check and helping, then "
         "Black can %2$s in one move and must; Black must do it earlier whenever it can, and White "
         "must never be able to.",
         "White plays %1$d moves in a row, Black moving only to parry a check and helping, then "
         "Black can %2$s in one move and must; Black must do it earlier whenever it can, and White "
         "must never be able to.") },
};

/* The sentence of the body and end, without the modifiers. */
static char *
explain_play (const FeStipulation *s)
{
  g_autofree char *goal = goal_text (s->goal, s->target);
  g_autofree char *own = goal_text (s->reci_goal, s->target);
  int n = s->moves;
  int total = 2 * n + (s->half ? 1 : 0);
  if (s->parry != FE_PARRY_NONE)
    {
      for (gsize i = 0; i < G_N_ELEMENTS (parried); i++)
        if (parried[i].parry == s->parry && parried[i].end == s->end)
          return g_strdup_printf (g_dngettext ("feerie", parried[i].one, parried[i].many, n), n, goal);
      return g_strdup (""); /* pser-hs: refused */
    }
  for (gsize i = 0; i < G_N_ELEMENTS (counted); i++)
    if (counted[i].play == s->play && counted[i].end == s->end)
      return g_strdup_printf (g_dngettext ("feerie", counted[i].one, counted[i].many, n), n, goal);
  gboolean series = s->play == FE_PLAY_SERIES;
  if (s->play != FE_PLAY_HELP && !(series && s->end == FE_END_RECI))
    return g_strdup ("");
  switch (s->end)
    {
    case FE_END_GOAL:
      if (s->goal == FE_GOAL_POSITION)
        {
          /* a=>b: Black starts whatever the parity
           * (docs/rules/stipulations.md §5.2). */
          g_autofree char *len = length_text (total);
          return g_strdup_printf (_("Black and White help each other for %s to reach the target "
                                    "position (White starts with WhiteToPlay)."),
                                  len);
        }
      {
        g_autofree char *len = length_text (total);
        return g_strdup_printf (s->half ? _("White and Black help each other for %s; White's last "
                                            "move must %s.")
                                        : _("Black and White help each other for %s; White's last "
                                            "move must %s."),
                                len, goal);
      }
    case FE_END_SELF:
      {
        g_autofree char *len = length_text (total - 1);
        return g_strdup_printf (s->half ? _("Black and White help each other for %s, then White "
                                            "forces Black to %s in one move.")
                                        : _("White and Black help each other for %s, then White "
                                            "forces Black to %s in one move."),
                                len, goal);
      }
    case FE_END_REFLEX:
      {
        g_autofree char *len = length_text (total - 1);
        return g_strdup_printf (s->half ? _("Black and White help each other for %1$s, then Black "
                                            "can %2$s in one move and must; Black must do it "
                                            "earlier whenever it can, and White must never be able "
                                            "to %2$s.")
                                        : _("White and Black help each other for %1$s, then Black "
                                            "can %2$s in one move and must; Black must do it "
                                            "earlier whenever it can, and White must never be able "
                                            "to %2$s."),
                                len, goal);
      }
    case FE_END_RECI:
      {
        int before = series ? n - 1 : total - 2;
        if (before == 0)
          return g_strdup_printf (_("Black can %s in one move, and can also play a move after which "
                                    "White can %s in one move."),
                                  own, goal);
        if (series)
          return g_strdup_printf (g_dngettext ("feerie",
                                               "Black plays up to %1$d move in a row, White not "
                                               "moving, to where Black can %2$s in one move and can "
                                               "also play a move after which White can %3$s in one "
                                               "move.",
                                               "Black plays up to %1$d moves in a row, White not "
                                               "moving, to where Black can %2$s in one move and can "
                                               "also play a move after which White can %3$s in one "
                                               "move.",
                                               before),
                                  before, own, goal);
        g_autofree char *len = length_text (before);
        return g_strdup_printf (s->half ? _("White and Black help each other for %s to where Black "
                                            "can %s in one move and can also play a move after "
                                            "which White can %s in one move.")
                                        : _("Black and White help each other for %s to where Black "
                                            "can %s in one move and can also play a move after "
                                            "which White can %s in one move."),
                                len, own, goal);
      }
    default:
      break;
    }
  return g_strdup ("");
}

char *
fe_stipulation_explain (const FeStipulation *s)
{
  g_autofree char *play = explain_play (s);
  if (!*play)
    return g_steal_pointer (&play);
  GString *out = g_string_new (NULL);
  if (s->intro)
    g_string_append_printf (out,
                            g_dngettext ("feerie", "White first plays %d move in a row. ",
                                         "White first plays %d moves in a row. ", s->intro),
                            s->intro);
  g_string_append (out, play);
  if (s->exact)
    g_string_append_printf (out, " %s", _("No shorter play counts."));
  return g_string_free (out, FALSE);
}
