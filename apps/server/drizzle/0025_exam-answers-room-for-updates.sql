-- Answers are updated in place: a changed answer at each save, the marks and status at submit.
-- Room left in each page lets PostgreSQL keep the new row version beside the old one (a HOT
-- update: no new primary-key entry, less write-ahead log). Pages written from now on keep it.
ALTER TABLE "exam_answers" SET (fillfactor = 70);
