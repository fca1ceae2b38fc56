# Fits the Rasch model to a 0/1 response matrix (CSV, one row per examinee, NA = not answered)
# twice: by conditional maximum likelihood (eRm) and by marginal maximum likelihood as a mixed
# logistic model with a random examinee intercept (lme4). Writes item, cml, mml difficulties.
# Usage: Rscript bench/irt-reference.R <responses.csv> <difficulties.csv>
suppressPackageStartupMessages({
  library(eRm)
  library(lme4)
})
args <- commandArgs(trailingOnly = TRUE)
x <- as.matrix(read.csv(args[1], header = TRUE))
# eRm reports easiness (beta); the difficulty is its negative, centred to sum 0.
cml <- -coef(RM(x, se = FALSE, sum0 = TRUE))
long <- data.frame(
  person = factor(rep(seq_len(nrow(x)), times = ncol(x))),
  item = factor(rep(seq_len(ncol(x)), each = nrow(x))),
  y = as.vector(x)
)
long <- long[!is.na(long$y), ]
# Laplace approximation (nAGQ = 1); the derivative check after the fit is skipped (it alone costs
# minutes: a finite-difference Hessian over every item's parameter).
fit <- glmer(y ~ 0 + item + (1 | person), data = long, family = binomial, nAGQ = 1,
             control = glmerControl(optimizer = "nloptwrap", calc.derivs = FALSE))
mml <- -fixef(fit)
write.csv(data.frame(item = seq_len(ncol(x)), cml = as.numeric(cml), mml = as.numeric(mml)), args[2], row.names = FALSE)
cat(sprintf("person sd (lme4): %.4f\n", sqrt(as.numeric(VarCorr(fit)$person))))
