import { Module } from '@nestjs/common';
import { SignalFeedbackController } from './signal-feedback.controller';
import { SignalFeedbackRepository } from './signal-feedback.repository';
import { SignalFeedbackService } from './signal-feedback.service';

@Module({
  controllers: [SignalFeedbackController],
  providers: [SignalFeedbackRepository, SignalFeedbackService],
})
export class SignalFeedbackModule {}
