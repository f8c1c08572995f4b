/* popeye-conditions.c — Popeye's "condition" words, read and written.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The conditions Féerie solves come from the registry: each class's keyword
 * table (FeConditionClass.popeye_keywords) says which words set which cell,
 * and its popeye_read_args / popeye_write_args hooks handle the words that
 * follow a keyword (imitator squares).  Nothing here names a condition.
 * Every other condition Popeye knows is recorded in problem->unsupported
 * with its parameters, so the problem still opens and is written back.
 */
#include <string.h>

#include "popeye-private.h"

/* Popeye's English condition names (v4.104), for abbreviations, for telling
 * "not supported" from "unknown", and for the words of the ones we solve. */
static const char *const popeye_conditions[] = {
  "RexInclusive", "Circe", "MirrorCirce", "Madrasi", "Volage", "Hypervolage", "BichromChess",
  "MonochromChess", "GridChess", "KoeKo", "BlackEdgeMover", "WhiteEdgeMover", "Leofamily",
  "ChineseChess", "Patrouille", "PWC", "NoCapture", "ImmunChess", "MirrorImmunChess",
  "ContactGridChess", "Imitator", "CavalierMajeur", "HaanerChess", "ChameleonCirce",
  "CouscousCirce", "EquipollentsCirce", "FileCirce", "BlackMaximummer", "BlackMinimummer",
  "WhiteMaximummer", "WhiteMinimummer", "MagicSquares", "Sentinelles", "Tibet", "DoubleTibet",
  "DiagramCirce", "Hole", "BlackMustCapture", "WhiteMustCapture", "ReflectiveKings",
  "TransmutedKings", "BlackFollowMyLeader", "WhiteFollowMyLeader", "DuellistChess",
  "ParrainCirce", "NoIProm", "SymmetryCirce", "VogtlaenderChess", "EinsteinChess", "Bicolores",
  "NewKoeko", "CirceClone", "AntiCirce", "MirrorFileCirce", "AntipodeanCirce",
  "MirrorCirceClone", "MirrorAntiCirce", "DiagramAntiCirce", "FileAntiCirce",
  "SymmetryAntiCirce", "MirrorFileAntiCirce", "AntipodeanAntiCirce", "EquipollentsAntiCirce",
  "FileImmunChess", "DiagramImmunChess", "MirrorFileImmunChess", "SymmetryImmunChess",
  "AntipodeanImmunChess", "EquipollentsImmunChess", "ReversalEinsteinChess", "SuperCirce",
  "RelegationChess", "NorskSjakk", "TraitorChess", "AndernachChess", "WhiteForcedSquare",
  "WhiteConsequentForcedSquare", "BlackForcedSquare", "BlackConsequentForcedSquare",
  "ChameleonChess", "FunctionaryChess", "GlasgowChess", "AntiAndernachChess", "FrischAufCirce",
  "VerticalMirrorCirce", "Isardam", "ChecklessChess", "DiametralCirce", "PromOnly", "RankCirce",
  "ExclusiveChess", "MarsCirce", "MarsMirrorCirce", "PhantomChess", "WhiteReflectiveKing",
  "BlackReflectiveKing", "WhiteTransmutedKing", "BlackTransmutedKing", "AntiEinsteinChess",
  "MirrorCouscousCirce", "BlackRoyalSquare", "WhiteRoyalSquare", "BrunnerChess", "PlusChess",
  "CirceAssassin", "PatienceChess", "RepublicanChess", "ExtinctionChess", "CentralChess",
  "ActuatedRevolvingBoard", "MessignyChess", "Woozles", "BiWoozles", "Heffalumps",
  "BiHeffalumps", "RexExclusive", "WhitePromSquares", "BlackPromSquares", "NoWhitePromotion",
  "NoBlackPromotion", "EiffelChess", "BlackUltraSchachZwang", "WhiteUltraSchachZwang",
  "ActuatedRevolvingCentre", "ShieldedKings", "LineChameleonChess", "NoWhiteCapture",
  "NoBlackCapture", "AprilChess", "AlphabeticChess", "CirceTurncoats", "CirceDoubleAgents",
  "AMU", "SingleBox", "MAFF", "OWU", "WhiteOscillatingKings", "BlackOscillatingKings",
  "AntiKings", "AntiMarsCirce", "AntiMarsMirrorCirce", "AntiMarsAntipodeanCirce",
  "WhiteSuperTransmutingKing", "BlackSuperTransmutingKing", "AntiSuperCirce", "UltraPatrol",
  "SwappingKings", "RoyalDynasty", "SAT", "StrictSAT", "Take&MakeChess", "Make&TakeChess",
  "BlackSynchronMover", "WhiteSynchronMover", "BlackAntiSynchronMover", "WhiteAntiSynchronMover",
  "Masand", "BGL",
  "BlackChecks", "AnnanChess", "NormalPawn", "Lortap", "VaultingKings", "WhiteVaultingKing",
  "BlackVaultingKing", "ProteanChess", "GenevaChess", "ChameleonPursuit", "AntiKoeko",
  "CastlingChess", "LosingChess", "Disparate", "GhostChess", "HauntedChess",
  "ProvocationChess", "CageCirce", "Dummy", "Football", "ContraParrain", "KobulKings",
  "ExchangeCastling", "WhiteAlphabeticChess", "BlackAlphabeticChess", "CirceTake&Make",
  "SuperGuards", "Wormholes", "MarineChess", "UltramarineChess", "BackHome", "FaceToFace",
  "BackToBack", "CheekToCheek", "ChameleonSequence", "AntiCloneCirce", "LastCapture",
  "TotalInvisible", "SeriesCapture", "Rokagogo", "Maximummer",
  /* Popeye 4.104's later names. */
  "SnekChess", "SnekCircleChess", "ArgentinianChess", "LostPieces", "PartialParalysis",
  "VerticalSymmetryCirce", "HorizontalSymmetryCirce", "VerticalSymmetryAntiCirce",
  "HorizontalSymmetryAntiCirce", "ImmuneVerticalSymmetry", "ImmuneHorizontalSymmetry",
  "LeseMajeste", "Breton", "PointReflection", "NannaChess", "MasandGeneralised", "Bolero",
  "BoleroInverse", "Influencer", "RoleExchange", "BlackMaxDister", "BlackMinDister",
  "WhiteMaxDister", "WhiteMinDister", "DarkSide", "Leffie", "Pepo", "CASTChess", "Bicaptures",
  "FuddledMen", "TransmissionMenace", "PowerTransfer", "MultiCaptures", "AntiGuards",
  "FrankfurtChess", "Anda", "AndaInverse", "HalfInChess", "AllInChess", "MainlyInChess",
  "AliceChess", "Immobilio", "PADChess", "DangerCirce", "#C",
};

/* Words that may follow an unsupported condition as its parameters: the
 * variant words of Circe, AntiCirce, Sentinelles, grids, SingleBox, Kobul… */
static const Kw variant_words[] = {
  { "RexInclusive" }, { "RexExclusive" }, { "Mirror" }, { "Assassin" }, { "Diametral" },
  { "VerticalMirror" }, { "Clone" }, { "Chameleon" }, { "Turncoats" }, { "Couscous" },
  { "LastMove" }, { "Equipollents" }, { "Parrain" }, { "ContraParrain" }, { "Cage" },
  { "Rank" }, { "File" }, { "Symmetry" }, { "Diagram" }, { "PWC" }, { "Antipodes" },
  { "Take&Make" }, { "Super" }, { "April" }, { "Frischauf" }, { "Calvet" }, { "Cheylan" },
  { "Strict" }, { "Relaxed" }, { "Volcanic" }, { "Parachute" }, { "Einstein" },
  { "ReversalEinstein" }, { "TypeA" }, { "TypeB" }, { "TypeC" }, { "TypeD" }, { "Type1" },
  { "Type2" }, { "Type3" }, { "PionPropre" }, { "PionAdvers" }, { "PionNeutre" },
  { "MaximumBlack" }, { "MaximumWhite" }, { "MaximumTotal" }, { "ParaSentinelles" },
  { "Berolina" }, { "VerticalShift" }, { "HorizontalShift" }, { "DiagonalShift" },
  { "Orthogonal" }, { "Irregular" }, { "GridLine" }, { "White" }, { "Black" },
  { "Neighbour" }, { "Transmuting" }, { "exact" }, { "ultra" },
};

/* Kw.id of a registered condition's keyword; 0 is an unsupported one. */
#define COND_ID(cls, kw) (1 + (cls) * FE_MAX_CONDITION_KEYWORDS + (kw))
#define COND_CLASS(id) (((id) - 1) / FE_MAX_CONDITION_KEYWORDS)
#define COND_KEYWORD(id) (((id) - 1) % FE_MAX_CONDITION_KEYWORDS)
#define COND_UNSUPPORTED 0

/* The condition words of this read: Popeye's names (those of a registered
 * keyword carry its id), then the registered keywords Popeye lacks as
 * Féerie's extensions.  Made per read, as the registry may grow. */
void
py_conditions_table_init (P *p)
{
  int n = G_N_ELEMENTS (popeye_conditions);
  for (int id = 0; id < fe_condition_count (); id++)
    n += fe_condition_nth (id)->n_popeye_keywords;
  Kw *t = g_new0 (Kw, n);
  int k = 0;
  for (guint j = 0; j < G_N_ELEMENTS (popeye_conditions); j++, k++)
    t[k].name = popeye_conditions[j];
  for (int id = 0; id < fe_condition_count (); id++)
    {
      const FeConditionClass *cls = fe_condition_nth (id);
      /* fe_condition_register refuses more than FE_MAX_CONDITION_KEYWORDS. */
      for (int w = 0; w < cls->n_popeye_keywords; w++)
        {
          const FeConditionKeyword *kw = &cls->popeye_keywords[w];
          /* Read only after the switch's word (py_parse_conditions). */
          if (kw->flags & FE_KEYWORD_AFTER_SWITCH)
            continue;
          int j = 0;
          while (j < (int) G_N_ELEMENTS (popeye_conditions)
                 && g_ascii_strcasecmp (popeye_conditions[j], kw->word))
            j++;
          if (j < (int) G_N_ELEMENTS (popeye_conditions))
            t[j].id = COND_ID (id, w);
          else
            t[k++] = (Kw) { kw->word, COND_ID (id, w), TRUE };
        }
    }
  p->conditions = t;
  p->n_conditions = k;
}

/* The first modifier word of a condition the problem must switch on. */
static void
note_modifier (P *p, int id, const Tok *t)
{
  if (!p->have_modifier[id])
    p->modifier[id] = *t, p->have_modifier[id] = TRUE;
}

/* ---- the word input a condition's hooks read from -------------------------- */

typedef struct {
  FeWordInput in;
  P *p;
  const Tok *keyword;
} Input;

static const char *
input_peek (FeWordInput *in, int *len)
{
  Tok *t = py_peek (((Input *) in)->p);
  *len = t ? t->len : 0;
  return t ? t->s : NULL;
}

static void
input_skip (FeWordInput *in)
{
  py_next (((Input *) in)->p);
}

static void
input_fail (FeWordInput *in, int offset, const char *message)
{
  Input *input = (Input *) in;
  Tok *next = py_peek (input->p);
  Tok at = offset < 0 ? *input->keyword : next ? *next : input->p->eof;
  if (offset > 0 && next)
    at.col += offset;
  py_fail (input->p, FE_FILE_ERROR_SYNTAX, &at, message);
}

/* ---- reading ---------------------------------------------------------------- */

/* One keyword of a registered condition, and the words after it. */
static void read_unsupported (P *p, const Kw *kw, gboolean in_twin);

static gboolean
read_keyword (P *p, const Tok *t, int cid, int w, FeConditionTarget *target, gboolean in_twin)
{
  const FeConditionClass *cls = fe_condition_nth (cid);
  const FeConditionKeyword *kw = &cls->popeye_keywords[w];
  uint8_t *row = target->params->v[cid];
  if ((kw->flags & FE_KEYWORD_ARGS) && cls->popeye_read_args)
    {
      Input input = { { input_peek, input_skip, input_fail }, p, t };
      if (!cls->popeye_read_args (target, w, &input.in))
        return FALSE;
    }
  guint after_keyword = p->i;
  row[kw->param] = kw->value;
  bool switched = false;
  if (kw->flags & FE_KEYWORD_NEEDS_SWITCH)
    note_modifier (p, cid, t);
  else if (kw->param != 0 && !(kw->flags & FE_KEYWORD_MODIFIER) && !row[0])
    {
      row[0] = MAX (cls->params[0].xml_default, 1);
      switched = true;
    }
  /* A word that also switched the condition on ("AntiSuperCirce") is
   * followed by the switch's words ("Cheylan") as the switch's is. */
  if (kw->param != 0 && !switched)
    return TRUE;
  /* Words that may follow the switch's, abbreviable: "Madrasi RexInc". */
  for (int j = 0; j < cls->n_popeye_keywords && py_peek (p); j++)
    {
      const FeConditionKeyword *after = &cls->popeye_keywords[j];
      Kw one = { after->word };
      if ((after->flags & FE_KEYWORD_AFTER_SWITCH)
          && py_kw_lookup (&one, 1, py_peek (p), NULL) == 0)
        {
          if (after->flags & FE_KEYWORD_REFUSED)
            {
              /* A variant Féerie does not solve: the whole condition, its
               * words read again, is kept unsolved. */
              memset (row, 0, FE_MAX_CONDITION_PARAMS);
              p->i = after_keyword;
              Kw whole = { kw->word };
              read_unsupported (p, &whole, in_twin);
              return TRUE;
            }
          row[after->param] = after->value;
          p->i++;
          /* The next word may be any of them again ("Super April"). */
          j = -1;
        }
    }
  return TRUE;
}

/* An unsupported condition: recorded with its parameters. */
static void
read_unsupported (P *p, const Kw *kw, gboolean in_twin)
{
  GString *s = g_string_new (kw->name);
  gboolean circe = strstr (kw->name, "Circe") || strstr (kw->name, "circe")
                   || !strcmp (kw->name, "ContraParrain");
  Tok *a;
  /* Circe April names the walks it applies to ("April b s"): short words
   * that would otherwise read as commands ("b" for "begin"). */
  gboolean walks_follow = FALSE;
  while ((a = py_peek (p)))
    {
      int v = py_kw_lookup (variant_words, G_N_ELEMENTS (variant_words), a, NULL);
      int c = py_kw_lookup (p->conditions, p->n_conditions, a, NULL);
      gboolean exact_cond = c >= 0 && (int) strlen (p->conditions[c].name) == a->len;
      gboolean param = FALSE;
      if (walks_follow && a->len <= 2 && v < 0 && !exact_cond)
        param = TRUE;
      else if (v >= 0 && (circe || !exact_cond))
        param = TRUE;
      else if (c >= 0 || py_command_of (a) >= 0 || (in_twin && py_is_twin_word (a)))
        param = FALSE;
      else if (py_is_number_like (a) || py_is_square_list (a) || a->len <= 2
               || py_is_piece_word (a))
        param = TRUE;
      if (!param)
        break;
      if (v >= 0)
        walks_follow = !g_ascii_strcasecmp (variant_words[v].name, "April");
      g_string_append_printf (s, " %.*s", a->len, a->s);
      p->i++;
    }
  py_add_unsupported (p, g_string_free (s, FALSE));
}

gboolean
py_parse_conditions (P *p, const Tok *cmd, FeConditionTarget *target, gboolean in_twin)
{
  int count = 0;
  for (;;)
    {
      Tok *t = py_peek (p);
      int k = py_list_word (p, p->conditions, p->n_conditions, "condition", in_twin);
      if (k < 0)
        {
          if (p->failed)
            return FALSE;
          break;
        }
      count++;
      const Kw *kw = &p->conditions[k];
      if (kw->id == COND_UNSUPPORTED)
        read_unsupported (p, kw, in_twin);
      else if (!read_keyword (p, t, COND_CLASS (kw->id), COND_KEYWORD (kw->id), target, in_twin))
        return FALSE;
    }
  if (!count && !in_twin)
    {
      py_perr (p, py_peek (p), "\"%.*s\" is not followed by any condition", cmd->len, cmd->s);
      return FALSE;
    }
  return TRUE;
}

/* Twin commands "condition …" of the problem. */
#define FOR_TWIN_CONDITIONS(pb, c)                                                          \
  for (guint k_ = 0; k_ < (pb)->twins->len; k_++)                                           \
    for (guint j_ = 0; j_ < ((FeTwin *) (pb)->twins->pdata[k_])->commands->len; j_++)       \
      for (FeTwinCommand *c = &g_array_index (((FeTwin *) (pb)->twins->pdata[k_])->commands, \
                                              FeTwinCommand, j_);                           \
           c; c = NULL)                                                                     \
        if (c->kind == FE_TWIN_CONDITION)

gboolean
py_finish_conditions (P *p, const Tok *end)
{
  FeProblem *pb = p->pb;
  (void) end;
  /* A modifier needs its condition in the problem or in one of its twins. */
  for (int id = 0; id < fe_condition_count (); id++)
    {
      if (!p->have_modifier[id] || fe_params_on (&pb->conditions, id))
        continue;
      gboolean in_twin = FALSE;
      FOR_TWIN_CONDITIONS (pb, c)
        in_twin |= fe_params_on (&c->conditions, id);
      if (in_twin)
        continue;
      const FeConditionClass *cls = fe_condition_nth (id);
      GString *names = g_string_new (NULL);
      int n = 0;
      for (int w = 0; w < cls->n_popeye_keywords; w++)
        n += cls->popeye_keywords[w].param == 0 && cls->popeye_keywords[w].value;
      for (int w = 0, i = 0; w < cls->n_popeye_keywords; w++)
        if (cls->popeye_keywords[w].param == 0 && cls->popeye_keywords[w].value)
          g_string_append_printf (names, "%s%s", i++ == 0 ? "" : i == n ? " or " : ", ",
                                  cls->popeye_keywords[w].word);
      const Tok *m = &p->modifier[id];
      py_perr (p, m, "%.*s needs %s", m->len, m->s, names->str);
      g_string_free (names, TRUE);
      return FALSE;
    }
  /* Conditions a piece attribute switches on hold for the whole problem,
   * also in twins that replace the conditions. */
  for (int id = 0; id < fe_condition_count (); id++)
    if (fe_condition_nth (id)->attribute)
      FOR_TWIN_CONDITIONS (pb, c)
        c->conditions.v[id][0] |= pb->conditions.v[id][0];
  return TRUE;
}

void
py_note_piece_attributes (P *p, FePiece piece)
{
  for (int id = 0; id < fe_condition_count (); id++)
    {
      const FeConditionClass *cls = fe_condition_nth (id);
      /* In force for its pieces (Patrol's 1: those pieces, not Patrouille's
       * every piece). */
      if (cls->attribute && (piece.attrs & cls->attribute->bit) && !p->pb->conditions.v[id][0])
        p->pb->conditions.v[id][0] = 1;
    }
}

/* ---- writing ---------------------------------------------------------------- */

/* The registry's words of condition `id`.  A switch whose value only a
 * word after the switch's names (AntiCirce Cheylan: "AntiCirce" says
 * Calvet) gets no word from fe_condition_popeye_words: it is written as
 * the switch's word, then that word, so that it reads back. */
static void
condition_words (int id, const FeConditionParams *c, GString *popeye, GString *ext)
{
  gsize popeye_len = popeye->len, ext_len = ext->len;
  fe_condition_popeye_words (id, c, popeye, ext);
  uint8_t value = c->v[id][0];
  if (!value || popeye->len != popeye_len || ext->len != ext_len)
    return;
  const FeConditionClass *cls = fe_condition_nth (id);
  const FeConditionKeyword *sw = NULL, *after = NULL;
  for (int k = 0; k < cls->n_popeye_keywords; k++)
    {
      const FeConditionKeyword *kw = &cls->popeye_keywords[k];
      if (kw->param != 0 || !kw->value || (kw->flags & (FE_KEYWORD_ARGS | FE_KEYWORD_REFUSED)))
        continue;
      if (!(kw->flags & FE_KEYWORD_AFTER_SWITCH) && !sw)
        sw = kw;
      else if ((kw->flags & FE_KEYWORD_AFTER_SWITCH) && kw->value == value && !after)
        after = kw;
    }
  if (!sw || !after)
    return;
  FeConditionParams with = *c;
  with.v[id][0] = sw->value;
  fe_condition_popeye_words (id, &with, popeye, ext);
  g_string_append_printf (after->flags & FE_KEYWORD_EXTENSION ? ext : popeye, " %s", after->word);
}

void
py_describe_conditions (const FeConditionParams *c, int n_imit, const uint8_t *imit,
                        const uint8_t *imit_colour, GString *popeye, GString *ext)
{
  for (int id = 0; id < fe_condition_count (); id++)
    {
      const FeConditionClass *cls = fe_condition_nth (id);
      if (cls->popeye_write_args)
        cls->popeye_write_args (c, n_imit, imit, imit_colour, popeye, ext);
      condition_words (id, c, popeye, ext);
    }
}

void
py_omit_attribute_conditions (FeConditionParams *c, const FeConditionParams *implied)
{
  for (int id = 0; id < fe_condition_count (); id++)
    if (fe_condition_nth (id)->attribute && implied->v[id][0] && c->v[id][0] <= implied->v[id][0])
      c->v[id][0] = 0;
}

void
py_attribute_conditions (const FeProblem *pb, FeConditionParams *out)
{
  memset (out, 0, sizeof *out);
  for (int id = 0; id < fe_condition_count (); id++)
    {
      const FeAttributeDesc *a = fe_condition_nth (id)->attribute;
      uint8_t attr = a ? a->bit : 0;
      if (!attr)
        continue;
      for (int i = 0; i < 64; i++)
        if (pb->diagram.board[FE_SQ88 (i)].attrs & attr)
          out->v[id][0] = 1;
      for (guint k = 0; k < pb->twins->len; k++)
        {
          const FeTwin *tw = pb->twins->pdata[k];
          for (guint j = 0; j < tw->commands->len; j++)
            {
              const FeTwinCommand *tc = &g_array_index (tw->commands, FeTwinCommand, j);
              if (tc->kind == FE_TWIN_ADD && (tc->piece.attrs & attr))
                out->v[id][0] = 1;
            }
        }
    }
}
