/* solution.h — the solution as a tree of moves, each with its stages.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The search produces only this tree: one node per move of the solution,
 * under one root node per twin.  A twin's root keeps the twin's position,
 * each node its move's stages (the displacement, then each condition's
 * effect in the order of docs/rules/effect-order.md §1, every square they
 * change with what stands there after), so a viewer can play the solution
 * back step by step without the rules, and a node costs no whole board; and
 * what Popeye's text needs (move numbers, verdicts, threat and zugzwang
 * notes, line ends), so that one writer (solution-text.c) turns the tree into
 * the CLI's text.
 *
 * A backend builds the tree through the calls under "Building" below and
 * knows nothing of who reads it; nodes are delivered to the tree's sink
 * (the solve's caller: FeSolverConfig.node, the text writer) as they are
 * added, always from one thread at a time and in tree order; a node's own
 * fields never change after delivery (only its `children` array grows, in
 * the solving thread), and nodes live as long as the FeSolution
 * (reference counted).
 */
#pragma once

#include <glib.h>

#include "core/model/position.h"

typedef enum {
  FE_ROLE_TWIN,         /* a twin's root: no move, the twin's position */
  FE_ROLE_KEY,          /* battle play: the first move that wins (!) */
  FE_ROLE_TRY,          /* a first move that fails (?) */
  FE_ROLE_REFUTATION,   /* the defence that refutes a try (!) */
  FE_ROLE_THREAT,       /* what the attacker threatens after a quiet move */
  FE_ROLE_DEFENCE,      /* a defender's move of a variation */
  FE_ROLE_CONTINUATION, /* the attacker's answer to a defence */
  FE_ROLE_SET_PLAY,     /* set play: the defender (or help side) moves first */
  FE_ROLE_SOLUTION,     /* a move of a help or series solution */
  FE_ROLE_SHORT,        /* a move of a shorter help or series solution */
  /* Reflex play: a move that reaches the goal in the diagram, where the
   * side to move must not be able to (Popeye's " ?!?"): the problem is
   * unsound and has no solution. */
  FE_ROLE_VIOLATION,
} FeSolutionRole;

/* What a stage did (FeStage.effects), read off its squares: playback
 * marks shifts, recolourings, mutations, rebirths and removals apart. */
enum {
  FE_STAGE_SHIFTS_IMITATORS = 1 << 0,
  FE_STAGE_CHANGES_WALK = 1 << 1,
  FE_STAGE_CHANGES_COLOUR = 1 << 2,
  FE_STAGE_ADDS_PIECE = 1 << 3,    /* a piece appears (a rebirth) */
  FE_STAGE_REMOVES_PIECE = 1 << 4, /* a piece leaves the board */
};

typedef struct {
  FeSquare square;
  FePiece piece; /* what stands there once the stage is done */
} FeStageSquare;

typedef struct {
  /* Whose effect: the registry id of its condition, or -1 for the move
   * itself (the displacement: the piece moves, captures, promotes,
   * castles).  Its name and label come from the condition's class. */
  int condition;
  uint8_t effects; /* FE_STAGE_* */
  int n_squares;
  FeStageSquare *squares;
  /* The imitators once the stage is done. */
  int n_imitators;
  uint8_t imitators[FE_MAX_IMITATORS];
} FeStage;

enum {
  FE_MARK_CHECK = 1 << 0,
  FE_MARK_MATE = 1 << 1,
  FE_MARK_STALEMATE = 1 << 2,
};

/* What the text writes after a move besides its marks. */
enum {
  FE_NOTE_THREAT = 1 << 0,   /* battle: " threat:" (the threats are children) */
  FE_NOTE_ZUGZWANG = 1 << 1, /* battle: " zugzwang." (no threat after a pass) */
  FE_NOTE_LINE_END = 1 << 2, /* help / series: a solution's line ends here */
  /* Reciprocal play: this line ends on the ending side's own goal (its
   * pair's other line goes on with the reply reaching the goal). */
  FE_NOTE_RECI = 1 << 3,
  /* Battle parry series (pser-): the other side's move, a parry or the
   * end's, one of the variations the series side meets: its siblings are
   * no duals. */
  FE_NOTE_VARIATION = 1 << 4,
  /* Battle play that begins after a key it does not write (post-key
   * play): this level-0 node, with no move, carries only the key's marks
   * (FE_MARK_CHECK, a threat, zugzwang), which Popeye writes where the key
   * would stand. */
  FE_NOTE_AFTER_KEY = 1 << 5,
};

/* The kind of play of a twin, which decides how its text is laid out. */
typedef enum {
  FE_PLAY_KIND_BATTLE, /* direct, self, reflex: a tree of variations */
  FE_PLAY_KIND_LINES,  /* help and series: one line per solution */
} FePlayKind;

typedef struct FeSolutionNode FeSolutionNode;
struct FeSolutionNode {
  FeSolutionNode *parent; /* NULL for a twin root */
  GPtrArray *children;    /* of FeSolutionNode*, in the order written */
  guint serial;           /* order of delivery, from 0 */
  int twin;               /* 0 = the diagram (a), 1 = b), … */
  FeSolutionRole role;
  /* The other side passed before this move (threats, set play). */
  gboolean after_pass;
  FeMove move;
  guint marks;            /* FE_MARK_* */
  guint notes;            /* FE_NOTE_* */
  char *text;             /* the move as the solution writes it: "Sb7-a5 +" */
  /* "1.", "1...", "2."; empty for a twin root and for the other side's
   * reply that ends a series line. */
  char *number;
  char *twin_label;       /* twin roots: "a)", "b) rotate 90" ("" without twins) */
  /* Duplex: 0 for the first play of the twin, 1 for the other side's. */
  int phase;
  /* Twin roots: the kind of play, and how many plays began (Duplex: 2);
   * n_phases grows after delivery, like `children`. */
  FePlayKind play;
  int n_phases;
  FePosition *position;   /* twin roots: the twin's diagram (rules pointer
                           * cleared); NULL for moves */
  int n_stages;
  FeStage *stages;
};

typedef struct {
  int keys, tries, refutations;
  int solutions;       /* help / series: full-length solutions */
  int short_solutions; /* help / series: shorter ones */
  int set_play;        /* lines of set play */
  int violations;      /* reflex play: goals the diagram allows (" ?!?") */
  int threats;         /* threat moves written after the key(s) */
  /* Nodes after which the attacker (battle) or the solving side (help)
   * has more than one way on: the dual is among their children. */
  GPtrArray *duals;
} FeSoundness;

typedef struct FeSolution FeSolution;
/* Told every node as it is delivered (see above). */
typedef void (*FeSolutionSink) (const FeSolutionNode *node, gpointer user_data);
struct FeSolution {
  /* private */
  gint ref_count;
  GMutex lock;
  GPtrArray *twins; /* of FeSolutionNode*: roots */
  guint n_nodes;
  gboolean complete; /* the solve ran to its end (not stopped) */
  /* The builder's state. */
  GPtrArray *stack; /* the last node written at each battle level (grows) */
  FeSolutionSink sink;
  gpointer sink_data;
  /* fe_solve's own tree when the caller asked for none, only to write the
   * text: nodes carry no stages and are freed once written, so a solution
   * of millions of lines costs no more memory than its deepest line. */
  gboolean transient;
  /* Help and series lines kept at most (0: all), set before the solve: the
   * lines past it are counted by role, neither kept nor delivered nor
   * written, so a viewer's memory stays bounded however many there are. */
  gint max_lines;
  gint n_lines;                 /* lines kept */
  gint n_lines_over;            /* lines not kept: all of them, */
  gint n_solutions_over;        /* full-length solutions among them, */
  gint n_short_over;            /* shorter ones, the rest set play */
};

FeSolution *fe_solution_new (void);
FeSolution *fe_solution_ref (FeSolution *solution);
void fe_solution_unref (FeSolution *solution);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (FeSolution, fe_solution_unref)

guint fe_solution_n_twins (const FeSolution *solution);
/* Lines found past max_lines so far (read while the solve runs too). */
int fe_solution_lines_over (FeSolution *solution);
FeSolutionNode *fe_solution_twin (const FeSolution *solution, guint i);

/* ---- Building (backends) ----------------------------------------------- */

/* Where delivered nodes go (set before the solve; NULL: nowhere). */
void fe_solution_set_sink (FeSolution *solution, FeSolutionSink sink, gpointer user_data);
/* A new twin's root (label "" when there are none) standing at `pos`,
 * delivered at once. */
void fe_solution_add_twin (FeSolution *solution, int twin, const char *label, const FePosition *pos,
                           FePlayKind play);
/* One play of the twin begins (Duplex: two); resets the battle levels. */
void fe_solution_begin_phase (FeSolution *solution);
/* A node for move `m` played from `before` (which carries the rules for
 * the call; NULL move: a twin root), with its notation and marks `text`;
 * its stages and check marks are worked out unless the tree is transient.
 * Not yet in the tree: add it, or free it with fe_solution_node_free. */
FeSolutionNode *fe_solution_node_new (const FeSolution *solution, const FePosition *before,
                                      const FeMove *m, const char *text, FeSolutionRole role);
/* The same for a move the backend has made already (`after`, its log
 * `undo`, still made): the move is not made again for the stages and
 * marks. */
FeSolutionNode *fe_solution_node_new_made (const FeSolution *solution, const FePosition *before,
                                           const FeMove *m, const FePosition *after,
                                           const FeUndo *undo, const char *text,
                                           FeSolutionRole role);
void fe_solution_node_free (FeSolutionNode *node);
/* Battle play: delivers `node` at this level (0: the attacker's first
 * move) under the last node of a lower level.  `role` KEY, TRY or
 * REFUTATION as the search knows it, else DEFENCE or CONTINUATION: the
 * tree tells threats (a continuation two levels below its parent) and set
 * play (a defence with no attacking move above) apart. */
void fe_solution_add_battle (FeSolution *solution, int level, FeSolutionNode *node);
/* Help and series play: the move number of move i of a line ("1.",
 * "1...", "" for the reply that ends a series line).  `lead`: half-moves
 * the numbering skips before the first move (1: the second side starts,
 * "1..."; 2: set play of such a play, "1... ... 2.").  `series_len`:
 * moves of the series, 0 in help play. */
char *fe_solution_line_number (int i, int lead, int series_len);
/* Help and series play: a complete line of n nodes, each of `role`, the
 * last noted FE_NOTE_LINE_END | `notes`; attached under the current twin,
 * sharing the moves it has in common with lines there.  Takes the nodes. */
void fe_solution_add_line (FeSolution *solution, FeSolutionNode **nodes, int n, FeSolutionRole role,
                           guint notes);
/* Is a line of `role` past the tree's max_lines?  Then it is counted and
 * must not be kept (TRUE).  `keep`: the caller delivers it now (in order),
 * so it counts as kept; a worker asking early passes FALSE. */
gboolean fe_solution_line_over (FeSolution *solution, FeSolutionRole role, gboolean keep);
/* The solve is over: a transient tree frees the battle nodes it kept. */
void fe_solution_builder_end (FeSolution *solution);

/* ---- Reading ------------------------------------------------------------ */

/* Computes the stages of `move` played from `before` (which keeps its rules
 * pointer for the call).  Returns the number of stages; free with
 * fe_stages_free. */
int fe_move_stages (const FePosition *before, const FeMove *move, FeStage **stages);
void fe_stages_free (FeStage *stages, int n);
/* The position after `n_stages` stages of the node's move (all of them
 * when n_stages < 0): the twin's diagram with the stages of the moves
 * above applied, and the side to move those moves and passes imply.
 * Board and imitators only: castling and e.p. rights, counts and masks
 * are the diagram's. */
void fe_solution_node_position (const FeSolutionNode *node, int n_stages, FePosition *out);

/* The summary composers ask for, of one twin.  Free with fe_soundness_clear. */
void fe_solution_soundness (const FeSolutionNode *twin, FeSoundness *out);
void fe_soundness_clear (FeSoundness *s);

/* ---- Popeye's text (solution-text.c) ---- */

/* The text writer: fed the nodes in the order they were delivered, it
 * writes the solution part of Popeye's output (twin headers, move lines,
 * "but", blank lines; no board), one or more whole lines per call of
 * `emit`, as soon as they are known. */
typedef struct FeTextWriter FeTextWriter;
typedef void (*FeTextEmit) (const char *text, gpointer user_data);
FeTextWriter *fe_text_writer_new (FeTextEmit emit, gpointer user_data);
void fe_text_writer_node (FeTextWriter *writer, const FeSolutionNode *node);
/* The solve is over: closes the last twin's plays. */
void fe_text_writer_finish (FeTextWriter *writer);
void fe_text_writer_free (FeTextWriter *writer);

/* The solution as Popeye writes it (what the CLI prints after the board),
 * so far: copying it gives the familiar text. */
char *fe_solution_to_text (FeSolution *solution);

/* "displacement", or the condition's name ("imitator", "circe"): stable,
 * for tests and scripts. */
const char *fe_stage_name (const FeStage *stage);
/* What playback calls it, in English (FE_N_; the GUI translates it): "the
 * move", or the condition's stage label. */
const char *fe_stage_label (const FeStage *stage);
const char *fe_solution_role_name (FeSolutionRole role);
